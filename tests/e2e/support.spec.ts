import type { Page } from '@playwright/test';
import { SUPPORT_MESSAGES } from '#shared/support/support.schemas.ts';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInBothThemes,
  shot,
  test,
} from './fixtures.ts';

// Every journey comes from one address, and the server allows 5 support requests per address an
// hour: the journeys here send 3 between them.

const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillForm(page: Page, fields: { email?: string; subject: string; message: string }) {
  if (fields.email !== undefined) await page.getByLabel('Your email').fill(fields.email);
  await page.getByLabel('Subject').fill(fields.subject);
  await page.getByLabel('Message').fill(fields.message);
}

test.describe('contact support', () => {
  test('a guest finds the form from the footer, is told what is missing, and sends a message', async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Contact Support' })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
    await expect(page.getByText('Premium members get priority support.')).toBeVisible();
    await expect(page.getByLabel('Your email')).toHaveValue('');

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(SUPPORT_MESSAGES.emailMissing)).toBeVisible();
    await expect(page.getByText(SUPPORT_MESSAGES.subjectShort)).toBeVisible();
    await expect(page.getByText(SUPPORT_MESSAGES.messageShort)).toBeVisible();
    await expect(page.getByLabel('Your email')).toBeFocused();
    await expectNoSeriousA11yViolationsInBothThemes(page);
    await shot(page, 'contact-errors', { fullPage: true });

    await fillForm(page, {
      email: 'guest-e2e@example.test',
      subject: unique('Guest question'),
      message: 'Where can I find the official Acme logo?',
    });
    await expect(page.getByText('40 / 5,000 characters')).toBeVisible();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
    await expect(page.getByText(SUPPORT_MESSAGES.sent)).toBeVisible();
    await shot(page, 'contact-sent');

    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByLabel('Subject')).toHaveValue('');
    await expect(page.getByLabel('Your email')).toHaveValue('guest-e2e@example.test');
  });

  test('the page is rendered on the server and linked from /about', async ({ page }) => {
    const html = await (await page.request.get('/contact')).text();
    expect(html).toContain('Contact Support');
    expect(html).toContain('Send Message');

    await page.goto('/about#privacy-policy');
    await page.getByRole('main').getByRole('link', { name: 'Contact support' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
  });

  test('a Premium user is marked priority, and the administrator sees it first and marks it done', async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    const subject = unique('Premium question');
    await page.goto('/contact');
    await expect(
      page.getByText('As a Premium member, your messages go to the front'),
    ).toBeVisible();
    await expect(page.getByLabel('Your email')).toHaveValue(/@example\.test$/);
    await fillForm(page, { subject, message: 'My batch download stopped halfway.' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(SUPPORT_MESSAGES.sentPriority)).toBeVisible();

    // The administrator, in the same browser. Its cookies go first: signing in ends the session
    // the browser held, and the Premium one is shared with this worker's later journeys.
    await page.context().clearCookies();
    const login = await page.request.post('/api/users/login', { data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto('/admin?tab=support');
    await expect(page.getByRole('tab', { name: 'Support' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const list = page.getByRole('list', { name: 'Support requests' });
    const first = list.getByRole('article').first();
    await expect(first.getByRole('heading', { name: subject })).toBeVisible();
    await expect(first.getByText('Priority', { exact: true })).toBeVisible();
    await expect(first.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
      'href',
      /^mailto:.+@example\.test\?subject=Re%3A%20Premium%20question/,
    );
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'admin-support', { fullPage: true });

    await first.getByRole('button', { name: `Mark “${subject}” done` }).click();
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText(SUPPORT_MESSAGES.markedDone),
    ).toBeVisible();
    const done = list.getByRole('article', { name: subject });
    await expect(done.getByText(/^Done by admin on /)).toBeVisible();
    await expect(done.getByRole('button', { name: /Mark .* done/ })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(page.getByText('Marked support request done').first()).toBeVisible();
  });

  test('the form fits a phone and sends @mobile', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const subject = unique('Phone question');
    await fillForm(page, {
      email: 'phone-e2e@example.test',
      subject,
      message: 'Sent from a phone, just to say hello.',
    });
    await shot(page, 'contact-mobile', { fullPage: true });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(SUPPORT_MESSAGES.sent)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The administrator reads it on a phone too.
    const login = await page.request.post('/api/users/login', { data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto('/admin?tab=support');
    const request = page
      .getByRole('list', { name: 'Support requests' })
      .getByRole('article', { name: subject });
    await expect(request.getByRole('button', { name: `Mark “${subject}” done` })).toBeVisible();
    const adminOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(adminOverflow).toBeLessThanOrEqual(0);
    await shot(page, 'admin-support-mobile', { fullPage: true });
  });
});
