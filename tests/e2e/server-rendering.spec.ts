import { expect, test } from './fixtures.ts';

// Pages come rendered from the server (decision 014): readable before — and without — JavaScript.
test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, the pricing page and a results page are all there', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every company logo, one search away' }),
    ).toBeVisible();

    await page.goto('/premium');
    await expect(page.getByRole('heading', { level: 1, name: 'Simple Pricing' })).toBeVisible();

    await page.goto('/search?q=google&fileType=svg');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ results for "google"$/);
    const results = page.getByRole('list', { name: 'Results for google' });
    await expect(
      results.getByRole('button', { name: 'Google 2015 logo', exact: true }),
    ).toBeVisible();
    // The first row's pictures are asked for at once; the rest wait until they scroll near.
    await expect(results.getByRole('img').first()).toHaveAttribute('loading', 'eager');
  });

  test('a logo whose title is HTML shows it as text, and nothing runs', async ({ page }) => {
    const payload = '<img src=x onerror=alert(1)>';
    await page.goto('/search?q=xss');
    await expect(
      page
        .getByRole('list', { name: 'Results for xss' })
        .getByRole('button', { name: payload, exact: true }),
    ).toBeVisible();
    await expect(page.locator('img[src="x"], img[onerror]')).toHaveCount(0);
  });

  test('signed out, the dashboard sends the visitor to sign in', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/auth?redirect=%2Fdashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to WikiLogos' }),
    ).toBeVisible();
  });
});

test('a page carries no inline script: its data rides as JSON the browser never runs', async ({
  page,
}) => {
  const response = await page.request.get('/search?q=google');
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  for (const attributes of scripts) {
    expect(
      attributes.includes('src=') || attributes.includes('type="application/json"'),
      `<script${attributes}>`,
    ).toBe(true);
  }
  expect(scripts.some((attributes) => attributes.includes('id="page-state"'))).toBe(true);
});

test('a page rendered on the server becomes interactive without errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // Network failures are not the page's fault: Wikimedia's hosts are out of reach here.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(message.text());
    }
  });
  // A stored list view and dark theme differ from what the server renders: no mismatch either.
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('logo-view', 'list');
  });
  for (const path of ['/', '/search?q=google', '/premium', '/about', '/auth', '/contact']) {
    await page.goto(path);
  }
  await page.goto('/search?q=google');
  await page
    .getByRole('list', { name: 'Results for google' })
    .getByRole('button', { name: 'Google 2015 logo', exact: true })
    .click();
  await expect(page.getByRole('dialog', { name: 'Google 2015 logo' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a sign-in form is live only once its JavaScript runs, and never puts the password in the address', async ({
  context,
}) => {
  // A page of its own: the fixture's `page` waits for hydration on every load, and here the app's
  // code is held back to stand for a slow phone that has the server's markup but not yet the code.
  const page = await context.newPage();
  let release!: () => void;
  const codeArrives = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await codeArrives;
    await route.continue();
  });
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));

  await page.goto('/admin-login', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Login' });
  const username = form.getByLabel('Username');
  const password = form.getByLabel('Password');
  const login = form.getByRole('button', { name: 'Login' });
  // The server's form is there to see, but cannot be typed into or sent: a browser-made submit
  // would be a GET with the password in the address, and typing would be wiped on hydration.
  await expect(username).toBeVisible();
  for (const control of [username, password, login]) await expect(control).toBeDisabled();

  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(username).toBeEnabled();
  await username.fill('admin');
  await password.fill('e2e-admin-password');
  await password.press('Enter');
  await expect(page).toHaveURL('/admin');
  expect(addresses.filter((address) => address.includes('password'))).toEqual([]);
});
