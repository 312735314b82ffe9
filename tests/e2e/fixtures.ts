import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';

export { expect };

const baseURL = () => process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT}`;

/**
 * The server renders every page, so a page is visible before its JavaScript has made it work; a
 * click or a keystroke in that moment would be lost. After a full page load of the app, wait for
 * `html[data-hydrated]` (set by the app once it has taken over the markup), as a person would wait
 * for a page to finish loading.
 */
async function waitForHydration(page: Page) {
  if (new URL(page.url()).origin !== new URL(baseURL()).origin) return;
  await page.waitForFunction(
    () =>
      !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'),
  );
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

type Playwright = PlaywrightWorkerArgs['playwright'];
type Cookie = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'][number];
type Account = { id: number; username: string; password: string };

let accountCounter = 0;

/** Registers a new free account in `request` (its session cookie lands there); the name is unique. */
async function register(request: APIRequestContext, prefix: string): Promise<Account> {
  accountCounter += 1;
  const username = `${prefix}${Date.now().toString(36)}${accountCounter}${Math.random().toString(36).slice(2, 6)}`;
  const password = 'secret-password';
  const response = await request.post('/api/users/register', {
    data: { username, email: `${username}@example.test`, password, confirmPassword: password },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as { id: number };
  return { id: user.id, username, password };
}

/**
 * Signs a new free account up in the page's browser context (the session cookie lands there), the
 * way the sign-up form does it. Needs no page load first.
 */
export function signUpThroughApi(page: Page, prefix = 'user') {
  return register(page.request, prefix);
}

/**
 * Runs `action` with the e2e server's administrator (ADMIN_PASSWORD) signed in, in a request
 * context of its own, so the page's session is untouched.
 */
async function asAdministrator<T>(
  playwright: Playwright,
  action: (request: APIRequestContext) => Promise<T>,
): Promise<T> {
  const admin = await playwright.request.newContext({ baseURL: baseURL() });
  try {
    const login = await admin.post('/api/users/login', {
      data: { username: 'admin', password: 'e2e-admin-password' },
    });
    expect(login.status(), await login.text()).toBe(200);
    return await action(admin);
  } finally {
    await admin.dispose();
  }
}

async function grantPremium(playwright: Playwright, userId: number) {
  await asAdministrator(playwright, async (request) => {
    const grant = await request.post('/api/admin/grant-subscription', {
      data: { userId, months: 12 },
    });
    expect(grant.status(), await grant.text()).toBe(200);
  });
}

type Fixtures = {
  darkTheme: () => Promise<void>;
  /** Signs the page's context in as this worker's Premium account (see `sharedPremium`). */
  signInAsPremium: () => Promise<Account>;
  /** Gives an account Premium the way an operator does: an administrator grants 12 months. */
  grantPremium: (userId: number) => Promise<void>;
  /** Creates a premium access code the way an administrator does; returns it as the admin page shows it. */
  createPremiumCode: (options?: {
    duration?: number;
    expiryDays?: number;
  }) => Promise<{ code: string; duration: number; id: number }>;
};

export const test = base.extend<
  Fixtures,
  { sharedPremium: { account: Account; cookies: Cookie[] } }
>({
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
  // One Premium account per worker, made through the API once: journeys that only need to be
  // Premium (and neither sign out nor count on an empty history) share its session.
  sharedPremium: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: baseURL() });
      const account = await register(request, 'premium');
      await grantPremium(playwright, account.id);
      const { cookies } = await request.storageState();
      await request.dispose();
      await use({ account, cookies });
    },
    { scope: 'worker' },
  ],
  signInAsPremium: async ({ context, sharedPremium }, use) => {
    await use(async () => {
      await context.addCookies(sharedPremium.cookies);
      return sharedPremium.account;
    });
  },
  grantPremium: async ({ playwright }, use) => {
    await use((userId) => grantPremium(playwright, userId));
  },
  createPremiumCode: async ({ playwright }, use) => {
    await use(({ duration = 30, expiryDays = 14 } = {}) =>
      asAdministrator(playwright, async (request) => {
        const created = await request.post('/api/admin/premium-codes', {
          data: { duration, expiryDays },
        });
        expect(created.status(), await created.text()).toBeLessThan(300);
        return (await created.json()) as { code: string; duration: number; id: number };
      }),
    );
  },
});

/** Runs axe on the current page and fails with a readable list if anything serious or critical is found. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Only violations are read: axe then details one node per passing rule instead of all.
    .options({ resultTypes: ['violations'] })
    // axe.run in the page itself: our pages have no frames, and the default (axe injected into
    // every frame and its results merged) takes 2.5 times as long per scan.
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      // Each node with what axe measured (for contrast: the two colours and the ratio).
      const nodes = v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`);
      return `${v.impact}: ${v.id} (${v.help}) at ${nodes.join('; ')}`;
    });
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Expects the page in the given theme (the `dark` class on <html>). */
export async function expectTheme(page: Page, theme: 'light' | 'dark') {
  const html = expect(page.locator('html'));
  await (theme === 'dark' ? html.toHaveClass(/\bdark\b/) : html.not.toHaveClass(/\bdark\b/));
}

/**
 * Screenshots for looking at a screen by eye, saved to $E2E_SHOTS/<name>.png. They check nothing,
 * so they cost nothing unless E2E_SHOTS names a folder.
 */
export async function shot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await target.screenshot({ path: `${folder}/${name}.png`, ...options });
}

/** The list item of one of the home page's popular examples, found by its title. */
export function exampleCard(page: Page, title: string) {
  return page
    .getByRole('list', { name: 'Popular logo examples' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
}

/**
 * Scrolls to the home page's examples, as a person scrolls down to them, and waits for their
 * controls: they load and render in the browser only once the visitor scrolls or they near the
 * viewport, never with the page (docs/decisions/044-phone-page-load-work.md).
 */
export async function showHomeExamples(page: Page) {
  await page
    .getByRole('heading', { level: 2, name: 'Popular Logo Examples' })
    .scrollIntoViewIfNeeded();
  await expect(page.getByRole('radiogroup', { name: 'Layout' })).toBeVisible();
}

/** The home page, once its examples are there (see `showHomeExamples`). */
export async function openHomeExamples(page: Page) {
  await page.goto('/');
  await showHomeExamples(page);
  await expect(
    exampleCard(page, 'GitHub').getByRole('button', { name: 'GitHub', exact: true }),
  ).toBeVisible();
}

/** Switches the open page's theme the way the app follows a switch made in another tab. */
async function switchThemeInPlace(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }));
  }, theme);
  await expectTheme(page, theme);
  // Scanned only once a frame has been drawn in the new theme.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * The axe scan in the light theme, then in the dark one on the same screen: both themes' colours
 * are checked without setting the screen up twice.
 */
export async function expectNoSeriousA11yViolationsInBothThemes(page: Page) {
  await expectTheme(page, 'light');
  await expectNoSeriousA11yViolations(page);
  await switchThemeInPlace(page, 'dark');
  await expectNoSeriousA11yViolations(page);
  await switchThemeInPlace(page, 'light');
}
