import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, shot, showHomeExamples, test } from './fixtures.ts';

// Dashboard → Account: change email and password, export the data, delete the account.

let counter = 0;
function newAccount(prefix = 'rights') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `${prefix}_${id}`.slice(0, 30);
  return { username, email: `${username}@example.test`, password: 'correct-horse-battery' };
}

async function signUpToAccountTab(page: Page, account = newAccount()) {
  const response = await page.request.post('/api/users/register', {
    data: { ...account, confirmPassword: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.goto('/dashboard?tab=account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
  return account;
}

/** A new account made with 'Continue with Google' (no password), on its Account tab. */
async function signUpWithGoogleToAccountTab(page: Page, prefix: string) {
  const email = `${newAccount(prefix).username}@example.test`;
  await page
    .context()
    .addCookies([
      { name: 'login_hint', value: encodeURIComponent(email), domain: 'localhost', path: '/' },
    ]);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Dashboard' })).toBeVisible();
  await page.goto('/dashboard?tab=account');
}

/** The 'Change email' link in the newest email to `address` in the server's outbox, or null. */
async function emailChangeLinkTo(address: string): Promise<string | null> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = (await readdir(outbox).catch(() => [])).sort().reverse();
  for (const file of files) {
    const raw = (await readFile(path.join(outbox, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!raw.includes(address)) continue;
    const link = /https?:\/\/[^\s"<>]+\/verify-email\?token=[\w-]+&email=[^\s"<>&]+/.exec(raw)?.[0];
    if (link) return link;
  }
  return null;
}

const header = (page: Page) => page.getByRole('banner');

test.describe('account rights', () => {
  test('a guest download makes no request that answers 401', async ({ page }) => {
    const unauthorized: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) unauthorized.push(response.url());
    });
    await page.goto('/');
    await showHomeExamples(page);
    await page
      .getByRole('list', { name: 'Popular logo examples' })
      .getByRole('button', { name: 'Figma', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Figma' });
    await expect(dialog).toBeVisible();
    // The download refreshes who is signed in: a visitor is answered 200 with no user.
    const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user');
    const saved = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Figma' }).click();
    await saved;
    const answer = await me;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toBeNull();
    expect(unauthorized).toEqual([]);
  });

  test('Change password: the current one is checked; the new one signs in', async ({ page }) => {
    const account = await signUpToAccountTab(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByLabel('New password', { exact: true }).fill('a-brand-new-one');
    await dialog.getByLabel('Confirm new password').fill('a-brand-new-one');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect.');
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(
        'Your password has been changed. You have been signed out on your other devices.',
        { exact: true },
      ),
    ).toBeVisible();
    const login = await page.request.post('/api/users/login', {
      data: { username: account.username, password: 'a-brand-new-one' },
    });
    expect(login.status()).toBe(200);
  });

  test('Change email: a link to the new address changes it', async ({ page }) => {
    const account = await signUpToAccountTab(page);
    const next = `new_${account.email}`;
    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Email' });
    await dialog.getByLabel('New email').fill(next);
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page
        .getByRole('region', { name: /Notifications/ })
        .getByText(`We have sent a confirmation link to ${next}.`),
    ).toBeVisible();
    // Nothing changes until the link is opened.
    await expect(page.getByRole('main').getByText(account.email, { exact: true })).toBeVisible();

    await expect
      .poll(() => emailChangeLinkTo(next), { message: 'the confirmation email arrives' })
      .toContain('/verify-email?token=');
    const link = new URL((await emailChangeLinkTo(next))!);
    await page.goto(link.pathname + link.search);
    await expect(page.getByText(`Your email address is now ${next}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    const main = page.getByRole('main');
    await expect(main.getByText(next, { exact: true })).toBeVisible();
    await expect(main.getByText('Verified', { exact: true })).toBeVisible();
  });

  test('Export my data downloads the account and its history as JSON', async ({ page }) => {
    const account = await signUpToAccountTab(page);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^wikilogos-${account.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const data = JSON.parse(await readFile(await file.path(), 'utf8')) as {
      account: { username: string; email: string };
      downloads: unknown[];
      subscription: { plan: string };
    };
    expect(data.account).toMatchObject({ username: account.username, email: account.email });
    expect(data.subscription.plan).toBe('Free');
    expect(data.downloads).toEqual([]);
  });

  test('Delete my account asks for the password, then signs out and forgets the account', async ({
    page,
  }) => {
    const account = await signUpToAccountTab(page);
    await shot(page, 'account-rights-desktop', { fullPage: true });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your current password is incorrect.');
    await shot(page, 'account-rights-delete-dialog');
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL('/');
    await expect(
      page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Your account and its download history have been deleted.'),
    ).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    const login = await page.request.post('/api/users/login', {
      data: { username: account.username, password: account.password },
    });
    expect(login.status()).toBe(401);
  });

  test('a Google-only account deletes itself right after signing in with Google', async ({
    page,
  }) => {
    await signUpWithGoogleToAccountTab(page, 'google');
    // No password to change (one can be set); the email can still be changed.
    await expect(page.getByRole('button', { name: 'Change email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('a Google sign-in from the last 10 minutes')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL('/');
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('a Google-only account sets a password, then signs in with its username and it', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await signUpWithGoogleToAccountTab(page, 'gpass');
    const { username } = (await (await page.request.get('/api/user')).json()) as {
      username: string;
    };

    await page.getByRole('button', { name: 'Set a password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a Password' });
    await expect(dialog.getByLabel('Current password')).toHaveCount(0);
    await dialog.getByLabel('New password', { exact: true }).fill('my-first-password');
    await dialog.getByLabel('Confirm new password').fill('my-first-password');
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'account-set-password-dialog');
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(
        'Your password has been set. You can now sign in with your username and password.',
        { exact: true },
      ),
    ).toBeVisible();
    // From now on it is an account with a password to change.
    await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set a password' })).toHaveCount(0);

    const elsewhere = await playwright.request.newContext({ baseURL });
    const login = await elsewhere.post('/api/users/login', {
      data: { username, password: 'my-first-password' },
    });
    expect(login.status(), await login.text()).toBe(200);
    await elsewhere.dispose();
  });

  test('consent is shown and reset on /legal, and the privacy text links to support', async ({
    page,
  }) => {
    await page.goto('/legal?tab=cookies');
    const stored = () =>
      page.evaluate(() => [
        localStorage.getItem('cookieConsent'),
        localStorage.getItem('cookieConsentDate'),
      ]);
    const [, date] = await stored();
    expect(date).toBeTruthy();
    const choice = page.getByRole('region', { name: 'Your cookie choice' });
    await expect(choice).toContainText('You accepted essential cookies on');
    await expect(choice.locator('time')).toHaveAttribute('datetime', date!);
    await shot(choice, 'legal-consent-desktop');

    await choice.getByRole('button', { name: 'Reset consent' }).click();
    await expect(choice).toContainText('No choice is recorded in this browser.');
    expect(await stored()).toEqual([null, null]);
    await expect(choice.getByRole('button', { name: 'Accept essential cookies' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(choice, 'legal-consent-reset-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await choice.getByRole('button', { name: 'Accept essential cookies' }).click();
    await expect(choice).toContainText('You accepted essential cookies on');
    expect((await stored())[0]).toBe('true');

    await page.getByRole('tab', { name: 'Privacy' }).click();
    const contact = page.getByRole('tabpanel').getByRole('link', { name: /contact .*support/i });
    await expect(contact).toHaveAttribute('href', '/contact');
    await contact.click();
    await expect(page).toHaveURL('/contact');
  });

  test('the Account tab fits a phone @mobile', async ({ page }) => {
    await signUpToAccountTab(page);
    const deleteButton = page.getByRole('button', { name: 'Delete my account' });
    await deleteButton.scrollIntoViewIfNeeded();
    await expect(deleteButton).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'account-rights-mobile', { fullPage: true });
    await deleteButton.click();
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    await shot(page, 'account-rights-mobile-dialog');
  });
});
