import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInBothThemes,
  signUpThroughApi,
  test,
  waitForHydrationOnLoads,
  shot,
} from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

// Journeys run in parallel against one server and one database: every account and code is new,
// and every list is searched or filtered down to what this test made.
let counter = 0;
function uniqueName(prefix: string) {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${prefix}_${id}`.slice(0, 30);
}

/** Registers an account in a request context of its own, so the page's admin session is untouched. */
async function registerUser(request: APIRequestContext, prefix: string, email?: string) {
  const username = uniqueName(prefix);
  const password = 'correct-horse-battery';
  const response = await request.post('/api/users/register', {
    data: {
      username,
      email: email ?? `${username}@example.test`,
      password,
      confirmPassword: password,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as { id: number };
  // Leave the shared request context signed out again.
  await request.post('/api/users/logout');
  return { id: user.id, username, password };
}

/** An administrator session in the page's context, the way /admin-login makes one. */
async function signInAsAdmin(page: Page, path = '/admin') {
  const login = await page.request.post('/api/users/login', { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search users' });

/** The visible row (desktop table) or card (phone) for a user or a code. */
function entry(page: Page, text: string): Locator {
  return page
    .locator('tr:visible, li:visible')
    .filter({ has: page.getByText(text, { exact: true }) });
}

/** Grants Premium from a user's row or card, through its confirmation. */
async function grantPremium(page: Page, row: Locator, label: '1 month' | '1 year') {
  await row.getByRole('button', { name: label }).click();
  await page
    .getByRole('dialog', { name: new RegExp(`^Grant ${label} of Premium to `) })
    .getByRole('button', { name: 'Grant Premium' })
    .click();
}

async function searchUsers(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text)}`));
  await expect(page.getByText(/^1 user matches/)).toBeVisible();
}

async function openTab(page: Page, name: string, param: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`[?&]tab=${param}`));
}

/** Generates a code through the dialog and returns it as shown. */
async function generateCode(page: Page, { duration = '30', expiry = '14' } = {}) {
  await page.getByRole('button', { name: 'Generate Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate Premium Code' });
  await expect(dialog.getByLabel('Premium duration (days)')).toHaveValue('30');
  await expect(dialog.getByLabel('Code expires after (days)')).toHaveValue('14');
  await dialog.getByLabel('Premium duration (days)').fill(duration);
  await dialog.getByLabel('Code expires after (days)').fill(expiry);
  await dialog.getByRole('button', { name: 'Generate Code' }).click();

  const created = page.getByRole('dialog', { name: 'Premium Code Created' });
  const shown = created.getByRole('status', { name: /New premium code/ });
  await expect(shown).toHaveText(/^[A-Z0-9]{8,}$/);
  const code = (await shown.textContent())!.trim();
  await expect(created.getByText(`${duration} days of Premium`)).toBeVisible();
  return { code, dialog: created };
}

test.describe('admin area access', () => {
  test('a guest is sent to sign in and a normal user home', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent('/admin')}`);

    await signUpThroughApi(page, 'notadmin');
    await page.goto('/admin?tab=codes');
    await expect(page).toHaveURL('/');
    // And the server refuses the data whatever the page does, admin=true or not.
    expect((await page.request.get('/api/admin/users?admin=true')).status()).toBe(403);
  });
});

test.describe('user management', () => {
  test('search by email, grant 1 month, downgrade with confirmation, delete with confirmation', async ({
    page,
    request,
  }) => {
    const mail = `${uniqueName('mail')}@example.test`;
    const alice = await registerUser(request, 'grant', mail);
    const bob = await registerUser(request, 'delete');
    await signInAsAdmin(page);
    await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('table', { name: /Users/ })).toBeVisible();

    // Search by email (the name does not contain it): the server narrows the list.
    await searchUsers(page, mail);
    const row = entry(page, alice.username);
    await expect(row).toHaveCount(1);
    await expect(row.getByText(mail)).toBeVisible();
    await expect(row.getByText('Free', { exact: true })).toBeVisible();
    await expect(row.getByText('0/10', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Downgrade ${alice.username}` })).toHaveCount(0);

    // A grant asks first; Cancel changes nothing.
    await row.getByRole('button', { name: '1 month' }).click();
    const grant = page.getByRole('dialog', {
      name: `Grant 1 month of Premium to ${alice.username}?`,
    });
    await expect(grant.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shot(page, 'admin-grant-confirm-desktop');
    await grant.getByRole('button', { name: 'Cancel' }).click();
    await expect(grant).toBeHidden();
    await expect(row.getByText('Free', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: '1 month' }).click();
    await grant.getByRole('button', { name: 'Grant Premium' }).click();
    await expect(grant).toBeHidden();
    await expect(toasts(page).getByText('Premium granted', { exact: true })).toBeVisible();
    await expect(row.getByText('Premium', { exact: true })).toBeVisible();
    await expect(row.getByText('0 (no limit)', { exact: true })).toBeVisible();
    const inAMonth = new Date();
    inAMonth.setMonth(inAMonth.getMonth() + 1);
    const monthName = inAMonth.toLocaleString('en-US', { month: 'long' });
    await expect(row.getByText(new RegExp(`^${monthName} \\d{1,2}, \\d{4}$`))).toBeVisible();
    // Premium users get no grant buttons.
    await expect(row.getByRole('button', { name: '1 month' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: '1 year' })).toHaveCount(0);

    // Downgrade asks first; Cancel changes nothing.
    await row.getByRole('button', { name: `Downgrade ${alice.username}` }).click();
    const downgrade = page.getByRole('dialog', { name: `Downgrade ${alice.username} to Free?` });
    await expect(downgrade).toBeVisible();
    await downgrade.getByRole('button', { name: 'Cancel' }).click();
    await expect(downgrade).toBeHidden();
    await expect(row.getByText('Premium', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Downgrade ${alice.username}` }).click();
    await downgrade.getByRole('button', { name: 'Downgrade', exact: true }).click();
    await expect(downgrade).toBeHidden();
    await expect(toasts(page).getByText('Subscription downgraded')).toBeVisible();
    await expect(row.getByText('Free', { exact: true })).toBeVisible();
    await expect(row.getByText('0/10', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: '1 year' })).toBeVisible();

    // Delete names the user in its confirmation.
    await searchUsers(page, bob.username);
    await page.getByRole('button', { name: `Delete ${bob.username}` }).click();
    const remove = page.getByRole('dialog', { name: `Delete ${bob.username}?` });
    await expect(remove.getByText(bob.username, { exact: true })).toBeVisible();
    await expect(remove.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shot(page, 'admin-delete-confirm-desktop');
    await remove.getByRole('button', { name: 'Delete user' }).click();
    await expect(remove).toBeHidden();
    await expect(toasts(page).getByText('User deleted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No users match your search' })).toBeVisible();
    await expect(entry(page, bob.username)).toHaveCount(0);
    // The server agrees: bob cannot sign in any more.
    const login = await request.post('/api/users/login', {
      data: { username: bob.username, password: bob.password },
    });
    expect(login.status()).toBe(401);

    // The administrator's own row has no Delete button, and no grant: nobody grants themselves.
    await searchBox(page).fill(ADMIN.username);
    const adminRow = entry(page, ADMIN.username);
    await expect(adminRow.getByText('Admin', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Delete ${ADMIN.username}`, exact: true }),
    ).toHaveCount(0);
    await expect(adminRow.getByRole('button')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'admin-users-desktop', { fullPage: true });
  });

  test('the administrator tools: test accounts hidden here, reset credentials asks first', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const tools = page.getByRole('heading', { level: 2, name: 'Administrator tools' });
    await expect(tools).toBeVisible();
    // The whole users table fits a desktop screen, actions included, without scrolling inside it.
    const table = page.getByRole('table', { name: /Users/ });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    expect(
      await table.evaluate((element) => element.parentElement!.scrollWidth),
    ).toBeLessThanOrEqual(await table.evaluate((element) => element.parentElement!.clientWidth));
    await shot(page, 'admin-users-all-desktop', { fullPage: true });
    // This server is not started with ALLOW_TEST_ACCOUNTS=true.
    expect(await (await page.request.get('/api/admin/config')).json()).toEqual({
      allowTestAccounts: false,
    });
    await expect(page.getByRole('button', { name: 'Create test accounts' })).toHaveCount(0);

    // Up to the confirmation only: other journeys sign in with the e2e password.
    await page.getByRole('button', { name: 'Reset credentials' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset administrator credentials?' });
    await expect(
      confirm.getByText('Every other administrator session is signed out'),
    ).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Reset credentials' })).toBeFocused();
    const login = await page.request.post('/api/users/login', { data: ADMIN });
    expect(login.status()).toBe(200);
  });

  test('new credentials and test accounts are shown once (answers stubbed: the shared server keeps its password and users)', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    let resets = 0;
    let replaced = 0;
    await page.route('**/api/admin/config', (route) =>
      route.fulfill({ json: { allowTestAccounts: true } }),
    );
    await page.route('**/api/admin/reset', (route) => {
      resets += 1;
      return route.fulfill({
        json: {
          username: 'admin',
          password: 'Stubbed-Password-123',
          message: 'Your new password is shown only this once.',
        },
      });
    });
    await page.route('**/api/admin/reset-all-users', (route) => {
      replaced += 1;
      return route.fulfill({
        json: {
          testUsers: [
            { username: 'test_free', password: 'free-pass-1', plan: 'Free' },
            { username: 'test_premium', password: 'premium-pass-1', plan: 'Premium' },
          ],
          message: 'Deleted 3 non-administrator accounts and created 2 test accounts.',
        },
      });
    });
    await signInAsAdmin(page);

    await page.getByRole('button', { name: 'Reset credentials' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset administrator credentials?' });
    await confirm.getByRole('button', { name: 'Reset credentials' }).click();
    const shown = page.getByRole('dialog', { name: 'New administrator credentials' });
    await expect(shown.getByText('Stubbed-Password-123', { exact: true })).toBeVisible();
    await expect(shown.getByText('it is not shown again')).toBeVisible();
    await expect(
      shown.getByText(/Every other administrator session has been signed out/),
    ).toBeVisible();
    await shown.getByRole('button', { name: 'Copy password' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Stubbed-Password-123');
    await shot(page, 'admin-credentials-desktop');
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByRole('button', { name: 'Reset credentials' })).toBeFocused();
    expect(resets).toBe(1);

    await page.getByRole('button', { name: 'Create test accounts', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Create test accounts?' });
    await expect(ask.getByText('deletes all non-administrator users')).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    // Exact names: 'Delete users and create test accounts' would match too while the dialog closes.
    await expect(ask).toBeHidden();
    expect(replaced).toBe(0);
    await page.getByRole('button', { name: 'Create test accounts', exact: true }).click();
    await ask.getByRole('button', { name: 'Delete users and create test accounts' }).click();
    const created = page.getByRole('dialog', { name: 'Test accounts created' });
    const accounts = created.getByRole('list', { name: 'Test accounts' }).getByRole('listitem');
    await expect(accounts).toHaveCount(2);
    await expect(accounts.nth(1).getByText('premium-pass-1', { exact: true })).toBeVisible();
    await expect(created.getByRole('button', { name: 'Copy password of test_free' })).toBeVisible();
    expect(replaced).toBe(1);
  });
});

test.describe('failures', () => {
  test('the administrator messages when the server fails', async ({ page, request }) => {
    const user = await registerUser(request, 'failing');
    await signInAsAdmin(page);
    await searchUsers(page, user.username);

    await page.route('**/api/admin/grant-subscription', (route) =>
      route.fulfill({ status: 500, json: { message: 'Database unavailable' } }),
    );
    await grantPremium(page, entry(page, user.username), '1 month');
    await expect(toasts(page).getByText('Failed to grant subscription')).toBeVisible();
    await expect(toasts(page).getByText('Database unavailable')).toBeVisible();
    await expect(entry(page, user.username).getByText('Free', { exact: true })).toBeVisible();

    await page.route('**/api/admin/users**', (route) => route.fulfill({ status: 503, body: '' }));
    await page.route('**/api/admin/premium-codes', (route) =>
      route.fulfill({ status: 500, json: { message: 'boom' } }),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(/Failed to fetch users: 503/);
    await openTab(page, 'Premium Access Codes', 'codes');
    await expect(page.getByRole('alert')).toHaveText(/Failed to fetch premium codes: 500/);
    await page.getByRole('button', { name: 'Generate Code' }).click();
    const form = page.getByRole('dialog', { name: 'Generate Premium Code' });
    await form.getByRole('button', { name: 'Generate Code' }).click();
    await expect(form.getByRole('alert')).toContainText('Failed to create premium code');
  });
});

test.describe('premium access codes', () => {
  test('generate with validation, list as active, invalidate one', async ({ page }) => {
    await signInAsAdmin(page);
    await openTab(page, 'Premium Access Codes', 'codes');

    // The shared schema's messages, before anything is sent.
    await page.getByRole('button', { name: 'Generate Code' }).click();
    const form = page.getByRole('dialog', { name: 'Generate Premium Code' });
    await form.getByLabel('Premium duration (days)').fill('400');
    await form.getByLabel('Code expires after (days)').fill('0');
    await form.getByRole('button', { name: 'Generate Code' }).click();
    await expect(form.getByText('Duration cannot be more than 365 days')).toBeVisible();
    await expect(form.getByText('Expiry must be at least 1 day from now')).toBeVisible();
    await expect(form.getByLabel('Premium duration (days)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    const first = await generateCode(page);
    await first.dialog.getByRole('button', { name: 'Done' }).click();
    await expect(first.dialog).toBeHidden();
    const firstRow = entry(page, first.code);
    await expect(firstRow.getByText('active', { exact: true })).toBeVisible();
    // Each code shows its id, as the server knows it.
    const listed = (await (await page.request.get('/api/admin/premium-codes')).json()) as {
      id: number;
      code: string;
    }[];
    const firstId = listed.find(({ code }) => code === first.code)!.id;
    await expect(page.getByRole('columnheader', { name: 'ID', exact: true })).toBeVisible();
    await expect(firstRow.getByRole('cell', { name: `#${firstId}`, exact: true })).toBeVisible();
    // The whole codes table fits a desktop screen, actions included.
    const table = page.getByRole('table', { name: /Premium access codes/ });
    expect(
      await table.evaluate((element) => element.parentElement!.scrollWidth),
    ).toBeLessThanOrEqual(await table.evaluate((element) => element.parentElement!.clientWidth));
    await expect(firstRow.getByText('30 days', { exact: true })).toBeVisible();
    await expect(firstRow.getByRole('button', { name: `Copy code ${first.code}` })).toBeVisible();

    const second = await generateCode(page, { duration: '7', expiry: '3' });
    await second.dialog.getByRole('button', { name: 'Done' }).click();
    const secondRow = entry(page, second.code);
    await expect(secondRow.getByText('7 days', { exact: true })).toBeVisible();
    await secondRow.getByRole('button', { name: `Invalidate code ${second.code}` }).click();
    const confirm = page.getByRole('dialog', { name: `Invalidate code ${second.code}?` });
    await confirm.getByRole('button', { name: 'Invalidate', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(toasts(page).getByText('Code invalidated')).toBeVisible();
    await expect(secondRow.getByText('invalidated', { exact: true })).toBeVisible();
    await expect(secondRow.getByRole('button', { name: /Invalidate/ })).toHaveCount(0);
    await expect(firstRow.getByText('active', { exact: true })).toBeVisible();
    await shot(page, 'admin-codes-desktop', { fullPage: true });
  });
});

test.describe('a code redeemed meanwhile', () => {
  test('is not invalidated: the refusal is shown and the code stays redeemed', async ({
    page,
    request,
  }) => {
    await signInAsAdmin(page);
    await openTab(page, 'Premium Access Codes', 'codes');
    const { code, dialog } = await generateCode(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = entry(page, code);
    await expect(row.getByText('active', { exact: true })).toBeVisible();

    // Someone redeems it while the administrator's list still shows it active.
    const user = await registerUser(request, 'redeemer');
    const signedIn = await request.post('/api/users/login', {
      data: { username: user.username, password: user.password },
    });
    expect(signedIn.status()).toBe(200);
    const redeemed = await request.post('/api/redeem-premium-code', { data: { code } });
    expect(redeemed.status(), await redeemed.text()).toBe(200);
    await request.post('/api/users/logout');

    await row.getByRole('button', { name: `Invalidate code ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: `Invalidate code ${code}?` });
    await confirm.getByRole('button', { name: 'Invalidate', exact: true }).click();
    await expect(toasts(page).getByText('Failed to invalidate premium code')).toBeVisible();
    await expect(
      toasts(page).getByText('This code has already been redeemed and cannot be invalidated.'),
    ).toBeVisible();
    // The list is read again: redeemed, by whom, and no Invalidate action any more.
    await expect(row.getByText('redeemed', { exact: true })).toBeVisible();
    await expect(row.getByText(user.username)).toBeVisible();
    await expect(row.getByRole('button', { name: /Invalidate/ })).toHaveCount(0);
  });
});

test.describe('journey', () => {
  test('an admin creates a code, a free user redeems it and batch mode unlocks', async ({
    page,
    browser,
    baseURL,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsAdmin(page, '/admin?tab=codes');
    const { code, dialog } = await generateCode(page);
    await shot(page, 'admin-code-created-desktop');
    await dialog.getByRole('button', { name: 'Copy code' }).click();
    // (The toast sits outside the modal, so it is out of the accessibility tree until it closes.)
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // A new free user, in a browser of their own.
    const userContext = await browser.newContext({ baseURL });
    try {
      const userPage = await userContext.newPage();
      waitForHydrationOnLoads(userPage);
      await userPage.goto('/');
      const account = await signUpThroughApi(userPage, 'redeem');
      await userPage.goto('/dashboard?tab=subscription');
      await expect(userPage.getByRole('heading', { name: 'Premium Access Code' })).toBeVisible();
      // Codes are read case-insensitively.
      await userPage.getByRole('textbox', { name: 'Access code' }).fill(code.toLowerCase());
      await userPage.getByRole('button', { name: 'Redeem', exact: true }).click();
      await expect(toasts(userPage).getByText('Premium Code Redeemed!')).toBeVisible();

      await userPage.goto('/search?q=apple');
      await expect(userPage.getByRole('heading', { level: 1 })).toHaveText(/results for "apple"/);
      const batch = userPage.getByRole('switch', { name: 'Batch Select' });
      await batch.click();
      await expect(batch).toBeChecked();
      await expect(
        userPage.getByRole('region', { name: 'Batch download', exact: true }),
      ).toBeVisible();

      // The admin list shows who redeemed it.
      await page.reload();
      const row = entry(page, code);
      await expect(row.getByText('redeemed', { exact: true })).toBeVisible();
      await expect(row.getByText(account.username, { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: /Invalidate/ })).toHaveCount(0);
    } finally {
      await userContext.close();
    }
  });
});

test.describe('audit log', () => {
  test('shows the grant and the code creation, newest first', async ({ page, request }) => {
    const user = await registerUser(request, 'audited');
    await signInAsAdmin(page);
    await searchUsers(page, user.username);
    await grantPremium(page, entry(page, user.username), '1 year');
    await expect(toasts(page).getByText('Premium granted', { exact: true })).toBeVisible();

    await openTab(page, 'Premium Access Codes', 'codes');
    const { code, dialog } = await generateCode(page);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await openTab(page, 'Audit Log', 'audit');
    const table = page.getByRole('table', { name: /Administrator actions/ });
    await expect(table).toBeVisible();
    const grant = table.getByRole('row').filter({ hasText: user.username });
    await expect(grant.getByRole('cell', { name: 'Granted Premium' })).toBeVisible();
    await expect(grant.getByRole('cell', { name: ADMIN.username, exact: true })).toBeVisible();
    await expect(grant.getByText(/12 months/)).toBeVisible();
    const created = table.getByRole('row').filter({ hasText: code });
    await expect(created.getByRole('cell', { name: 'Created premium code' })).toBeVisible();
    // Newest first: the code was made after the grant.
    const rows = await table.getByRole('row').allTextContents();
    const codeIndex = rows.findIndex((text) => text.includes(code));
    const grantIndex = rows.findIndex((text) => text.includes(user.username));
    expect(codeIndex).toBeGreaterThan(0);
    expect(codeIndex).toBeLessThan(grantIndex);
    await shot(page, 'admin-audit-desktop', { fullPage: true });
  });
});

test.describe('admin pages, light and dark themes', () => {
  test('both tabs and the code dialog have no serious accessibility problems', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, 'axe');
    await signInAsAdmin(page);
    await searchUsers(page, user.username);
    await expectNoSeriousA11yViolationsInBothThemes(page);

    await openTab(page, 'Premium Access Codes', 'codes');
    const { dialog } = await generateCode(page);
    await expectNoSeriousA11yViolationsInBothThemes(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('table', { name: /Premium access codes/ })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
    await shot(page, `admin-codes`, { fullPage: true });

    await openTab(page, 'Audit Log', 'audit');
    await expect(page.getByRole('table', { name: /Administrator actions/ })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });
});

test.describe('phones', () => {
  test('the users list fits a phone and its actions work @mobile', async ({ page, request }) => {
    const user = await registerUser(request, 'phone');
    await signInAsAdmin(page);
    await searchUsers(page, user.username);
    const card = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card.getByText(user.username, { exact: true })).toBeVisible();
    await expect(card.getByText('0/10', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: /Users/ })).toBeHidden();

    // Against the device's width: a phone's layout viewport grows to fit content that overflows.
    const deviceWidth = page.viewportSize()!.width;
    const noSidewaysScroll = async () =>
      (await page.evaluate(() => document.documentElement.scrollWidth)) <= deviceWidth;
    expect(await noSidewaysScroll()).toBe(true);
    await shot(page, 'admin-users-phone', { fullPage: true });

    await grantPremium(page, card, '1 month');
    await expect(card.getByText('0 (no limit)', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Downgrade ${user.username}` })).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);

    await openTab(page, 'Premium Access Codes', 'codes');
    const { dialog } = await generateCode(page);
    await shot(page, 'admin-code-created-phone');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'Premium access codes' })).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);
    await shot(page, 'admin-codes-phone', { fullPage: true });

    await openTab(page, 'Audit Log', 'audit');
    await expect(page.getByRole('list', { name: 'Administrator actions' })).toBeVisible();
    expect(await noSidewaysScroll()).toBe(true);
  });
});

test.describe('tabs on a 390 px screen', () => {
  test('every admin and dashboard tab is readable and reachable by keyboard, light and dark', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page);
    for (const [path, tabs] of [
      ['/admin', ['User Management', 'Premium Access Codes', 'Support', 'Audit Log', 'Backups']],
      ['/dashboard', ['Account Info', 'Downloads', 'Favourites', 'Subscription']],
    ] as const) {
      await page.goto(path);
      const list = page.getByRole('tablist');
      await expect(list.getByRole('tab')).toHaveCount(tabs.length);
      await list.getByRole('tab', { name: tabs[0] }).focus();
      for (const [index, name] of tabs.entries()) {
        if (index > 0) await page.keyboard.press('ArrowRight');
        const tab = list.getByRole('tab', { name });
        await expect(tab).toBeFocused();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        // The whole label shows, and the selected tab is scrolled fully into view.
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await expect(tab).toBeInViewport({ ratio: 1 });
      }
      const name = path.slice(1);
      await page.keyboard.press('Home');
      await expect(list.getByRole('tab', { name: tabs[0] })).toBeInViewport({ ratio: 1 });
      await shot(page, `${name}-tabs-390-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, `${name}-tabs-390-dark`);
      await page.emulateMedia({ colorScheme: 'light' });
    }
  });
});

test.describe('a page at a time', () => {
  // The shared server's account count depends on the other journeys, so the list is answered
  // here: 120 accounts, paged the way the server pages them (its paging is tested on 10,000).
  test('Previous and Next move through the list, a search starts at page 1, by keyboard', async ({
    page,
  }) => {
    const TOTAL = 120;
    const pageSize = 50;
    const requested: Array<{ page: string | null; search: string | null }> = [];
    await page.route(/\/api\/admin\/users(\?|$)/, (route) => {
      const url = new URL(route.request().url());
      const search = url.searchParams.get('search');
      const pageNumber = Number(url.searchParams.get('page') ?? '1');
      requested.push({ page: url.searchParams.get('page'), search });
      const all = Array.from({ length: search ? 3 : TOTAL }, (_, i) => {
        const n = (search ? 3 : TOTAL) - i;
        return {
          id: 100_000 + n,
          username: `${search ? 'found' : 'paged'}-${String(n).padStart(3, '0')}`,
          email: `paged-${n}@example.test`,
          isAdmin: false,
          isSubscribed: false,
          subscriptionExpiryDate: null,
          downloadCount: 0,
          plan: 'Free',
          createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
          hasStripeSubscription: false,
        };
      });
      const start = (pageNumber - 1) * pageSize;
      return route.fulfill({
        json: {
          users: all.slice(start, start + pageSize),
          total: all.length,
          page: pageNumber,
          pageSize,
        },
      });
    });
    await signInAsAdmin(page);
    const summary = page.getByText(/^Showing /);
    await expect(summary).toHaveText('Showing 1–50 of 120 users');
    const pages = page.getByRole('navigation', { name: 'User list pages' });
    await expect(pages.getByText('Page 1 of 3')).toBeVisible();
    const previous = pages.getByRole('button', { name: 'Previous' });
    const next = pages.getByRole('button', { name: 'Next' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');

    // By keyboard: focus Next, press Enter twice; focus stays on it at the last page.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(summary).toHaveText('Showing 51–100 of 120 users');
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(entry(page, 'paged-070')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(summary).toHaveText('Showing 101–120 of 120 users');
    await expect(entry(page, 'paged-001')).toBeVisible();
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]page=3/);
    await pages.scrollIntoViewIfNeeded();
    await shot(page, 'admin-users-paged-desktop');
    await expectNoSeriousA11yViolations(page);

    await previous.click();
    await expect(summary).toHaveText('Showing 51–100 of 120 users');

    // A new search starts at page 1.
    await searchBox(page).fill('found');
    await expect(page.getByText('3 users match "found"')).toBeVisible();
    await expect(page).not.toHaveURL(/[?&]page=/);
    expect(requested.at(-1)).toEqual({ page: null, search: 'found' });
    await expect(pages).toHaveCount(0);
  });
});

test.describe('a session that ends', () => {
  test('an administrator whose session ended elsewhere is sent to sign in again, then back', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, 'ended');
    await signInAsAdmin(page);
    await searchUsers(page, user.username);
    const here = new URL(page.url());

    // Signed out elsewhere: the session ends on the server, this tab still holds its cookie.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'wl_session')!;
    const elsewhere = await request.post('/api/logout', {
      headers: { cookie: `wl_session=${cookie.value}` },
    });
    expect(elsewhere.status()).toBe(200);
    expect((await page.context().cookies()).some((c) => c.name === 'wl_session')).toBe(true);

    // The next action: no failing toast, but the admin sign-in page with a clear message.
    await grantPremium(page, entry(page, user.username), '1 month');
    await expect(page).toHaveURL(/\/admin-login\?/);
    await expect(page.getByRole('alert')).toHaveText(
      'Your session has ended. Please sign in again.',
    );
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${here.pathname}${here.search}`);
    await expect(toasts(page).getByText('Failed to grant subscription')).toHaveCount(0);
    await shot(page, 'admin-session-ended', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // The grant never happened; signing in again returns to the same search.
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: /^(Sign in|Login|Log in)$/i }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?.*search=${user.username}`));
    await expect(entry(page, user.username).getByText('Free', { exact: true })).toBeVisible();
  });
});

test.describe('backups', () => {
  test('an administrator backs up the database from the keyboard and sees it listed', async ({
    page,
  }) => {
    await signInAsAdmin(page, '/admin?tab=audit');
    // From the tab list to 'Backups' with the arrow keys, then Tab to the panel and its button.
    await page.getByRole('tab', { name: 'Audit Log' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Backups' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page).toHaveURL(/[?&]tab=backups/);
    const panel = page.getByRole('tabpanel', { name: 'Backups' });
    await expect(panel.getByText(/A backup is taken automatically every day/)).toBeVisible();

    const button = panel.getByRole('button', { name: 'Back up now' });
    await expect(button).toBeVisible();
    const before = await panel.locator('tbody tr').count();
    await page.keyboard.press('Tab');
    await expect(panel).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(toasts(page).getByText('Backup created')).toBeVisible();
    const table = panel.getByRole('table', { name: 'Backups, newest first' });
    await expect(table.locator('tbody tr')).toHaveCount(before + 1);
    const newest = table.locator('tbody tr').first();
    await expect(newest).toContainText(/wikilogos-.*\.tar\.gz/);
    await expect(newest).toContainText(/\d+(\.\d)? (KB|MB)/);
    await expect(panel.getByText(/npm run db:restore/)).toBeVisible();
    await shot(page, 'admin-backups-desktop', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
