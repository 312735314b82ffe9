import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

/**
 * The server renders every page, so a page is visible before its JavaScript has made it work; a
 * click or a keystroke in that moment would be lost. After a full page load of the app, wait for
 * `html[data-hydrated]` (set by the app once it has taken over the markup), as a person would wait
 * for a page to finish loading.
 */
async function waitForHydration(page: Page) {
  const origin = new URL(process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT}`)
    .origin;
  if (new URL(page.url()).origin !== origin) return;
  const isAppPage = await page.evaluate(() => document.getElementById('root') !== null);
  if (isAppPage) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Makes `goto` and `reload` on this page wait for hydration. The `page` fixture has it; call it on
 * pages a test opens itself (another browser context for a second user).
 */
export function waitForHydrationOnLoads(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}

export const test = base.extend<{ darkTheme: () => Promise<void> }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript the server's page is all there is.
    if (javaScriptEnabled) waitForHydrationOnLoads(page);
    await use(page);
  },
  /** Switches the stored theme to dark the way the app does, before the next navigation. */
  darkTheme: async ({ page }, use) => {
    await use(async () => {
      await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    });
  },
});

/** Runs axe on the current page and fails with a readable list if anything serious or critical is found. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

let accountCounter = 0;

/**
 * Signs a new free account up in the page's browser context (the session cookie lands there), the
 * way the sign-up form does it. Returns the account; the name is unique per call.
 */
export async function signUpThroughApi(page: Page, prefix = 'user') {
  accountCounter += 1;
  const username = `${prefix}${Date.now().toString(36)}${accountCounter}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'secret-password';
  const response = await page.request.post('/api/users/register', {
    data: { username, email: `${username}@example.test`, password, confirmPassword: password },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as { id: number; username: string };
  return { id: user.id, username, password };
}

/**
 * Runs `action` with the e2e server's administrator (ADMIN_PASSWORD) signed in, in a request
 * context of its own, so the page's session is untouched.
 */
async function asAdministrator<T>(
  page: Page,
  action: (request: APIRequestContext) => Promise<T>,
): Promise<T> {
  const admin = await page
    .context()
    .browser()!
    .newContext({
      baseURL: new URL(
        page.url() === 'about:blank'
          ? (process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT}`)
          : page.url(),
      ).origin,
    });
  try {
    const login = await admin.request.post('/api/users/login', {
      data: { username: 'admin', password: 'e2e-admin-password' },
    });
    expect(login.status(), await login.text()).toBe(200);
    return await action(admin.request);
  } finally {
    await admin.close();
  }
}

/** Gives an account Premium the way an operator does: an administrator grants 12 months. */
export async function grantPremiumThroughApi(page: Page, userId: number) {
  await asAdministrator(page, async (request) => {
    const grant = await request.post('/api/admin/grant-subscription', {
      data: { userId, months: 12 },
    });
    expect(grant.status(), await grant.text()).toBe(200);
  });
}

/**
 * Creates a premium access code the way an administrator does (`POST /api/admin/premium-codes`).
 * Returns the code as the admin page would show it.
 */
export async function createPremiumCodeThroughApi(
  page: Page,
  { duration = 30, expiryDays = 14 }: { duration?: number; expiryDays?: number } = {},
) {
  return asAdministrator(page, async (request) => {
    const created = await request.post('/api/admin/premium-codes', {
      data: { duration, expiryDays },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    return (await created.json()) as { code: string; duration: number; id: number };
  });
}
