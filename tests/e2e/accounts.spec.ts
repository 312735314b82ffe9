import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInBothThemes,
  test,
  shot,
} from './fixtures.ts';
import { DENY_HINT } from '../fakes/oidc-fake.ts';

// Journeys run in parallel against one server and one database: every account is new.
let counter = 0;
function newAccount(prefix = 'e2e') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `${prefix}_${id}`.slice(0, 30);
  return { username, email: `${username}@example.test`, password: 'correct-horse-battery' };
}
type Account = ReturnType<typeof newAccount>;

/** Creates an account through the API, in a request context of its own (the page stays signed out). */
async function registerThroughApi(request: APIRequestContext, account: Account) {
  const response = await request.post('/api/users/register', {
    data: { ...account, confirmPassword: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs up through the API in the page's session and opens the dashboard, where the form lands. */
async function signUpToDashboard(page: Page, account = newAccount()) {
  await registerThroughApi(page.request, account);
  await page.goto('/dashboard');
  return account;
}

/** Signs up on /auth; `stay` fills the form on the current page (an /auth?redirect=… address). */
async function signUp(page: Page, account: Account, { stay = false } = {}) {
  if (!stay) await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign up with email' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm password').fill(account.password);
  await form.getByRole('button', { name: 'Sign up' }).click();
}

/** Opens the login form on /auth (already there) and signs in. */
async function logIn(page: Page, username: string, password: string) {
  await page.getByRole('button', { name: 'Login here' }).click();
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username or email').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

const header = (page: Page) => page.getByRole('banner');

/** The person comes back to the tab: the browser's focus signal, then the user check it starts. */
async function refocus(page: Page) {
  const checked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/user',
  );
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await checked;
}

/** The reset link in the newest email to `address` in the server's outbox, or null. */
const resetLinkSentTo = (address: string) => linkSentTo(address, 'reset-password');

/** The link to the page `/<page>?token=…` in the newest such email to `address`, or null. */
async function linkSentTo(address: string, page: string): Promise<string | null> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = (await readdir(outbox).catch(() => [])).sort().reverse();
  for (const file of files) {
    // Undo quoted-printable soft line breaks and =XX escapes, enough to read a URL.
    const raw = (await readFile(path.join(outbox, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!raw.includes(address)) continue;
    const link = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[\\w-]+`).exec(raw)?.[0];
    if (link) return link;
  }
  return null;
}

/** The local OIDC provider signs in as `email` (verified) for this page's browser context. */
async function continueWithGoogleAs(page: Page, email: string) {
  await page
    .context()
    .addCookies([
      { name: 'login_hint', value: encodeURIComponent(email), domain: 'localhost', path: '/' },
    ]);
}

test.describe('accounts', () => {
  test('signing up lands on the dashboard as a free account, signed in', async ({ page }) => {
    const account = newAccount();
    await signUp(page, account);

    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
    await expect(page.getByText('Free Account', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText(account.username, { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText(account.email)).toBeVisible();
    await expect(page.getByText('Downloads remaining')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/premium',
    );
    // The header knows who is signed in from the server session; no 'Admin' for a normal user.
    await expect(header(page).getByRole('link', { name: account.username })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(header(page).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

    // The session is the server's: a fresh load still knows the user.
    await page.reload();
    await expect(header(page).getByRole('link', { name: account.username })).toBeVisible();
  });

  test('the sign-up form explains what is wrong before sending anything', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign up with email' });
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(form.getByText('Username cannot be empty')).toBeVisible();
    await expect(form.getByText('Please enter a valid email')).toBeVisible();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(form.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Username').fill('has space');
    await form.getByLabel('Email').fill('someone@example.test');
    await form.getByLabel('Password', { exact: true }).fill('secret-1');
    await form.getByLabel('Confirm password').fill('secret-2');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      form.getByText('Username can only contain letters, numbers, underscores and hyphens'),
    ).toBeVisible();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await expect(page).toHaveURL('/auth');
  });

  test('Continue with Google signs in through the OpenID Connect provider', async ({ page }) => {
    // The browser tests' server is configured with a local OIDC provider standing in for Google;
    // it approves at once and vouches for ada.google@example.test (verified).
    await page.goto('/auth');
    await expect(page.getByRole('link', { name: 'terms of use', exact: true })).toHaveAttribute(
      'href',
      '/legal',
    );
    // First the person refuses consent at Google: back on /auth with words for a redirect flow.
    await continueWithGoogleAs(page, DENY_HINT);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Google sign-in was cancelled. Please try again.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByText(/popup/i)).toHaveCount(0);

    await page.context().clearCookies({ name: 'login_hint' });
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    await expect(page).toHaveURL('/dashboard?tab=subscription');
    await expect(page.getByText('Signed in with Google', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
    const user = await page.request.get('/api/user');
    expect(user.status()).toBe(200);
    const body = (await user.json()) as { username: string; email: string };
    expect(body.email).toBe('ada.google@example.test');
    await expect(header(page).getByRole('link', { name: body.username })).toBeVisible();
  });

  test('logging out and in again changes the header', async ({ page }) => {
    const account = await signUpToDashboard(page);

    await header(page).getByRole('button', { name: 'Logout' }).click();
    await expect(
      page.getByText('You have been successfully logged out.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: account.username })).toHaveCount(0);

    await header(page).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/auth');
    // The email works as well as the username.
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: account.username })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('a wrong password is refused with the server message', async ({ page, request }) => {
    const account = newAccount();
    await registerThroughApi(request, account);

    await page.goto('/auth');
    await logIn(page, account.username, 'not-the-password');
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid username or password', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/auth');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('after five wrong passwords the login form says how long to wait', async ({
    page,
    request,
  }) => {
    const account = newAccount();
    await registerThroughApi(request, account);
    for (let i = 0; i < 5; i++) {
      const res = await request.post('/api/users/login', {
        data: { username: account.username, password: 'not-the-password' },
      });
      expect(res.status()).toBe(401);
    }

    await page.goto('/auth');
    await logIn(page, account.username, account.password);
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Too many failed sign-in attempts. Please wait 15 minutes and try again.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page).toHaveURL('/auth');
  });

  test('the dashboard sends a visitor to sign in, and back there afterwards', async ({
    page,
    request,
  }) => {
    const account = newAccount();
    await registerThroughApi(request, account);

    await page.goto('/dashboard?tab=account');
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent('/dashboard?tab=account')}`);
    await logIn(page, account.username, account.password);
    await expect(page).toHaveURL('/dashboard?tab=account');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();

    // Signed in, /auth goes straight on instead of showing the forms again.
    await page.goto('/auth');
    await expect(page).toHaveURL('/');
  });

  test('a session that ended elsewhere sends the next action to sign in again, and back', async ({
    page,
    request,
  }) => {
    // A guest coming back to the window is asked who is signed in (no one) and told nothing.
    await page.goto('/');
    await refocus(page);
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByText(/session has ended/)).toHaveCount(0);
    await expect(page).toHaveURL('/');

    const account = await signUpToDashboard(page, newAccount('ended'));

    // Signed out from another device: the session ends on the server, this tab keeps its cookie.
    const endElsewhere = async () => {
      const cookie = (await page.context().cookies()).find((c) => c.name === 'wl_session')!;
      const elsewhere = await request.post('/api/logout', {
        headers: { cookie: `wl_session=${cookie.value}` },
      });
      expect(elsewhere.status()).toBe(200);
    };
    await endElsewhere();

    await page.getByRole('button', { name: 'Edit username' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Username' });
    await dialog.getByLabel('Username').fill(newAccount('renamed').username);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page).toHaveURL(
      `/auth?redirect=${encodeURIComponent('/dashboard')}&reason=session-ended`,
    );
    await expect(page.getByRole('alert').filter({ hasText: 'session' })).toHaveText(
      'Your session has ended. Please sign in again.',
    );
    // The sign-in form is open already; nothing else asks for attention.
    const form = page.getByRole('form', { name: 'Login' });
    await expect(form).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'auth-session-ended', { fullPage: true });

    await form.getByLabel('Username or email').fill(account.username);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(header(page).getByRole('link', { name: account.username })).toBeVisible();

    // Ended elsewhere again: coming back to the window is enough to be told, with no action.
    await endElsewhere();
    await refocus(page);
    await expect(page).toHaveURL(
      `/auth?redirect=${encodeURIComponent('/dashboard')}&reason=session-ended`,
    );
    await expect(page.getByRole('alert').filter({ hasText: 'session' })).toHaveText(
      'Your session has ended. Please sign in again.',
    );
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  });

  test('the username can be changed from the dashboard', async ({ page }) => {
    await signUpToDashboard(page);

    await page.getByRole('button', { name: 'Edit username' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Username' });
    await expect(dialog.getByText('3-30 characters')).toBeVisible();
    await dialog.getByLabel('Username').fill('ab');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Username must be at least 3 characters long')).toBeVisible();

    const renamed = newAccount('renamed').username;
    await dialog.getByLabel('Username').fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Username Updated', { exact: true })).toBeVisible();
    await expect(header(page).getByRole('link', { name: renamed })).toBeVisible();
  });

  test('dashboard tabs follow the address', async ({ page }) => {
    await signUpToDashboard(page);
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect(page).toHaveURL('/dashboard?tab=subscription');
    await expect(page.getByRole('region', { name: 'Subscription Details' })).toBeVisible();
    await page.goto('/dashboard?tab=downloads');
    await expect(page.getByRole('tab', { name: 'Downloads' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('Sign Out on the dashboard goes to the sign-in page', async ({ page }) => {
    await signUpToDashboard(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/auth');
    await expect(
      page.getByText('You have been successfully logged out.', { exact: true }),
    ).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('Forgot password? sends a reset link from the login form', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login here' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
    await dialog.getByLabel('Email').fill(`nobody-${Date.now()}@example.test`);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  test('forgot password: the emailed link sets a new password; the old one stops working', async ({
    page,
    request,
  }) => {
    const account = newAccount('reset');
    await registerThroughApi(request, account);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login here' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Without SMTP_URL the server writes each email to DATA_DIR/outbox as an .eml file.
    await expect
      .poll(() => resetLinkSentTo(account.email), { message: 'the reset email arrives' })
      .toMatch(/\/reset-password\?token=/);
    const link = new URL((await resetLinkSentTo(account.email))!);
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm new password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
    await expect(page).toHaveURL('/auth'); // after 3 s, by itself

    await logIn(page, account.username, account.password);
    await expect(page.getByText('Invalid username or password').first()).toBeVisible();
    await page.goto('/auth');
    await logIn(page, account.username, 'a-brand-new-password');
    await expect(header(page).getByRole('link', { name: account.username })).toBeVisible();

    // The link works once.
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
  });

  test('sign-up emails a verification link; the Account tab shows the state and can resend', async ({
    page,
  }) => {
    const account = await signUpToDashboard(page, newAccount('verify'));
    const main = page.getByRole('main');
    await expect(main.getByText('Not verified', { exact: true })).toBeVisible();
    // Sign-up has just sent one: asking again at once is refused in words.
    await main.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(
      page.getByText('A verification email was sent less than a minute ago.').first(),
    ).toBeVisible();

    await expect
      .poll(() => linkSentTo(account.email, 'verify-email'), {
        message: 'the verification email arrives',
      })
      .toMatch(/\/verify-email\?token=/);
    const link = new URL((await linkSentTo(account.email, 'verify-email'))!);
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible();
    await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(main.getByText('Verified', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);

    // The link works once.
    await page.goto(link.pathname + link.search);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Invalid Verification Link' }),
    ).toBeVisible();
  });

  test('Continue with Google does not take over an unverified account; its password links it', async ({
    page,
    request,
  }) => {
    const account = newAccount('glink');
    await registerThroughApi(request, account);
    await continueWithGoogleAs(page, account.email);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL('/auth?link=google');
    const card = page.getByRole('form', { name: 'Link Google with your password' });
    await expect(page.getByRole('heading', { name: 'Link your Google account' })).toBeVisible();
    await expect(page.getByText('its email address has not been verified')).toBeVisible();
    await expect(page.getByText(account.email).first()).toBeVisible();
    // Nobody is signed in yet.
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await card.getByLabel('Password of this account').fill('not-the-password');
    await card.getByRole('button', { name: 'Link Google account' }).click();
    await expect(card.getByText('Invalid username or password')).toBeVisible();
    await card.getByLabel('Password of this account').fill(account.password);
    await card.getByRole('button', { name: 'Link Google account' }).click();

    await expect(page).toHaveURL('/dashboard?tab=subscription');
    await expect(header(page).getByRole('link', { name: account.username })).toBeVisible();

    // Linked: next time Google signs in straight away.
    await page.getByRole('tab', { name: 'Account Info' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL('/dashboard?tab=subscription');
    await expect(header(page).getByRole('link', { name: account.username })).toBeVisible();
  });

  test('a reset link without a token, or with a bad one, is explained', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    await expect(
      page.getByText(
        'The password reset link is missing the required token. Please request a new link.',
      ),
    ).toBeVisible();

    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await expect(page).toHaveURL('/auth');
  });
});

test.describe('administrators', () => {
  test('the administrator signs in on /admin-login and reaches /admin', async ({ page }) => {
    await page.goto('/admin-login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute(
      'href',
      '/admin',
    );

    // Already signed in as an administrator, /admin-login goes straight on.
    await page.goto('/admin-login');
    await expect(page).toHaveURL('/admin');
  });

  test('a normal account is refused on /admin-login and signed out again', async ({
    page,
    request,
  }) => {
    const account = newAccount();
    await registerThroughApi(request, account);

    await page.goto('/admin-login');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByRole('alert')).toHaveText(
      'You must be an administrator to access this page',
    );
    await expect(page).toHaveURL('/admin-login');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    // And the server agrees: the session is gone.
    expect(await (await page.request.get('/api/user')).json()).toBeNull();
  });

  test('/admin sends visitors to sign in and normal users home', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent('/admin')}`);

    // Signed in but not an administrator: back to /admin, which sends them home.
    await signUp(page, newAccount(), { stay: true });
    await expect(page).toHaveURL('/');
  });
});

test.describe('mobile', () => {
  test('the menu shows the signed-in user and logs out @mobile', async ({ page }) => {
    const account = await signUpToDashboard(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: account.username })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Logout' }).click();

    await expect(menu).toBeHidden();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByText('You have been successfully logged out.', { exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test.describe('accounts pages, light and dark themes', () => {
  test('/auth with the login form open has no serious accessibility problems', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Login here' }).click();
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
    // Field errors shown, so their colours are checked too.
    await page
      .getByRole('form', { name: 'Sign up with email' })
      .getByRole('button', { name: 'Sign up' })
      .click();
    await expect(page.getByText('Username cannot be empty')).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('/dashboard has no serious accessibility problems', async ({ page }) => {
    await signUpToDashboard(page);
    await expect(page.getByText('Free Account', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('/admin-login has no serious accessibility problems', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });
});
