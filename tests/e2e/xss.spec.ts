import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Text that would run script if any of it reached the page as HTML. The local Wikimedia stand-in
// (tests/fakes) answers the name 'xss' with one file whose title, author and description are
// exactly this text, HTML-escaped the way Commons sends literal text.
const PAYLOAD = '<img src=x onerror=alert(1)>';

/** Fails the test if the page ever opens an alert, confirm or prompt. */
function failOnDialogs(page: Page) {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return () => expect(opened, 'no alert, confirm or prompt opened').toEqual([]);
}

/** No element built from the payload: an <img src="x"> would be the injected one. */
async function expectNoInjectedImage(page: Page) {
  await expect(page.locator('img[src="x"], img[onerror]')).toHaveCount(0);
}

test.describe('hostile text is shown as text', () => {
  test('a logo whose title, author and description are HTML shows them literally', async ({
    page,
  }) => {
    const noDialogs = failOnDialogs(page);
    await page.goto('/search?q=xss');

    const results = page.getByRole('list', { name: 'Results for xss' });
    const card = results.getByRole('listitem').filter({
      has: page.getByRole('button', { name: PAYLOAD, exact: true }),
    });
    await expect(card).toHaveCount(1);
    await expect(card.getByText(PAYLOAD, { exact: true }).first()).toBeVisible();
    await expectNoInjectedImage(page);

    await card.getByRole('button', { name: PAYLOAD, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: PAYLOAD });
    await expect(dialog).toBeVisible();
    const fact = (term: string) =>
      dialog.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
    await expect(fact('Author')).toHaveText(PAYLOAD);
    await expect(dialog.getByRole('heading', { name: PAYLOAD })).toBeVisible();
    await expect(dialog.getByText(PAYLOAD, { exact: true }).first()).toBeVisible();
    // The description is shown as a paragraph of its own.
    expect(await dialog.getByText(PAYLOAD, { exact: true }).count()).toBeGreaterThanOrEqual(3);
    // The credit line quotes title and author as text, too.
    await expect(dialog.getByText(`"${PAYLOAD}" by ${PAYLOAD}`)).toBeVisible();
    await expectNoInjectedImage(page);
    noDialogs();
  });

  test('a search for HTML shows the query as text', async ({ page }) => {
    const noDialogs = failOnDialogs(page);
    await page.goto(`/search?q=${encodeURIComponent(PAYLOAD)}`);
    await expect(page.getByRole('combobox', { name: 'Search logos' })).toHaveValue(PAYLOAD);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(PAYLOAD);
    await expectNoInjectedImage(page);
    noDialogs();
  });

  test('the admin user search keeps HTML as text', async ({ page }) => {
    const noDialogs = failOnDialogs(page);
    const login = await page.request.post('/api/users/login', {
      data: { username: 'admin', password: 'e2e-admin-password' },
    });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto(`/admin?search=${encodeURIComponent(PAYLOAD)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(PAYLOAD);
    await expectNoInjectedImage(page);
    noDialogs();
  });

  test('sign-up refuses an HTML username and email with the product messages', async ({ page }) => {
    const noDialogs = failOnDialogs(page);
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign up with email' });
    await form.getByLabel('Username').fill(PAYLOAD);
    await form.getByLabel('Email').fill('<b>x</b>@example.com');
    await form.getByLabel('Password', { exact: true }).fill('secret-1');
    await form.getByLabel('Confirm password').fill('secret-1');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      form.getByText('Username can only contain letters, numbers, underscores and hyphens'),
    ).toBeVisible();
    await expect(form.getByText('Please enter a valid email')).toBeVisible();
    await expect(form.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/auth');

    // The server refuses the same account on its own, whatever the form does.
    const response = await page.request.post('/api/users/register', {
      data: {
        username: PAYLOAD,
        email: '<b>x</b>@example.com',
        password: 'secret-1',
        confirmPassword: 'secret-1',
      },
    });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain(
      'Username can only contain letters, numbers, underscores and hyphens',
    );
    expect(body.message).toContain('Please enter a valid email');
    await expectNoInjectedImage(page);
    noDialogs();
  });
});
