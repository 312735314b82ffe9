import { expect, test } from './fixtures.ts';

// Pages come rendered from the server (decision 014): readable before — and without — JavaScript.
test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, the pricing page and a results page are all there', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Every company logo, one search away' }),
    ).toBeVisible();

    // The search box works before the app has loaded (or without it): it is a form to /search.
    await page.getByRole('combobox', { name: 'Search logos' }).fill('spotify');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=spotify$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^\d+\+? results for "spotify"$/,
    );

    await page.goto('/premium');
    await expect(page.getByRole('heading', { level: 1, name: 'Simple Pricing' })).toBeVisible();

    await page.goto('/search?q=google&fileType=svg');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^\d+\+? results for "google"$/,
    );
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

  test("each page's title, description and canonical address come with its HTML", async ({
    page,
  }) => {
    const head = (selector: string, attribute = 'content') =>
      page.locator(`head ${selector}`).getAttribute(attribute);

    await page.goto('/premium');
    // The e2e server's PUBLIC_URL is the address the journeys use.
    const origin = new URL(page.url()).origin;
    await expect(page).toHaveTitle('Simple Pricing - WikiLogos');
    expect(await head('meta[name="description"]')).toMatch(/^WikiLogos plans: Free with 10/);
    expect(await head('link[rel="canonical"]', 'href')).toBe(`${origin}/premium`);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    await page.goto('/legal?tab=privacy');
    await expect(page).toHaveTitle('Legal Information - WikiLogos');
    expect(await head('link[rel="canonical"]', 'href')).toBe(`${origin}/legal`);

    // A results page is named after its query, and shared with its top result's picture.
    await page.goto('/search?q=google&fileType=svg&utm_source=x');
    await expect(page).toHaveTitle('google - WikiLogos Search');
    expect(await head('link[rel="canonical"]', 'href')).toBe(
      `${origin}/search?q=google&fileType=svg`,
    );
    const description = await head('meta[name="description"]');
    expect(description).toMatch(/^\d+\+? results for "google" on WikiLogos: preview each/);
    expect(await head('meta[property="og:title"]')).toBe('google - WikiLogos Search');
    expect(await head('meta[property="og:description"]')).toBe(description);
    expect(await head('meta[property="og:url"]')).toBe(`${origin}/search?q=google&fileType=svg`);
    const topPicture = await page
      .getByRole('list', { name: 'Results for google' })
      .getByRole('img')
      .first()
      .getAttribute('src');
    const image = await head('meta[property="og:image"]');
    expect(image).toMatch(/^https?:\/\/.+\.(png|jpe?g|gif)$/i);
    expect(topPicture).toBe(image);
    expect(await head('meta[name="twitter:card"]')).toBe('summary');
    expect(await head('meta[name="twitter:image"]')).toBe(image);
    expect(await head('meta[name="twitter:title"]')).toBe('google - WikiLogos Search');

    // The sign-in page is findable, without its return address; the not-found page is not.
    await page.goto('/auth?redirect=%2Fdashboard');
    await expect(page).toHaveTitle('Sign In - WikiLogos');
    expect(await head('link[rel="canonical"]', 'href')).toBe(`${origin}/auth`);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('404 Page Not Found - WikiLogos');
    expect(await head('meta[name="robots"]')).toBe('noindex');
  });

  test('the home page is shared with the product card', async ({ page, request }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('WikiLogos - Search & Download Company Logos');
    const image = await page.locator('head meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/\/og-card\.png$/);
    expect(await page.locator('head meta[name="twitter:card"]').getAttribute('content')).toBe(
      'summary_large_image',
    );
    const card = await request.get(image!);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/png');
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

test("the page's script and stylesheet come as the build compressed them, without the page's policies", async ({
  request,
}) => {
  const page = await request.get('/');
  expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
  const html = await page.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const asset of assets) {
    const response = await request.get(asset, { headers: { 'accept-encoding': 'br' } });
    const headers = response.headers();
    expect(headers['content-encoding'], asset).toBe('br');
    expect(headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    expect(headers['x-content-type-options'], asset).toBe('nosniff');
    expect(headers['content-security-policy'], asset).toBeUndefined();
  }
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

test('the site has its icons, manifest, robots.txt and sitemap', async ({ page, request }) => {
  await page.goto('/about');
  const origin = new URL(page.url()).origin;
  const linked = async (selector: string) => {
    const href = await page.locator(`head ${selector}`).first().getAttribute('href');
    const response = await request.get(href!);
    expect(response.status(), href!).toBe(200);
    return response;
  };
  expect((await linked('link[rel="icon"][sizes]')).headers()['content-type']).toMatch(
    /^image\/(x-icon|vnd\.microsoft\.icon)/,
  );
  expect((await request.get('/favicon.ico')).status()).toBe(200);
  expect((await linked('link[rel="apple-touch-icon"]')).headers()['content-type']).toBe(
    'image/png',
  );
  const manifest = await linked('link[rel="manifest"]');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const { name, icons, start_url } = (await manifest.json()) as {
    name: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(name).toBe('WikiLogos');
  expect(start_url).toBe('/');
  expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${origin}/about</loc>`);
});

test('moving between pages in the browser keeps the head in step', async ({ page }) => {
  await page.goto('/about');
  const origin = new URL(page.url()).origin;
  const canonical = page.locator('head link[rel="canonical"]');
  await expect(canonical).toHaveAttribute('href', `${origin}/about`);
  await page.getByRole('banner').getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveTitle('Simple Pricing - WikiLogos');
  await expect(canonical).toHaveAttribute('href', `${origin}/premium`);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute(
    'content',
    /^WikiLogos plans/,
  );
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveTitle('Sign In - WikiLogos');
  await expect(canonical).toHaveAttribute('href', `${origin}/auth`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Support' }).click();
  await expect(page).toHaveTitle('Contact Support - WikiLogos');
  await expect(canonical).toHaveCount(0);
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
