import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsInBothThemes,
  shot,
  showHomeExamples,
  test,
} from './fixtures.ts';

/** Picks a theme in the header's appearance menu. */
async function chooseAppearance(page: Page, choice: 'System' | 'Light' | 'Dark') {
  await page.getByRole('button', { name: /^Appearance: / }).click();
  await page.getByRole('menuitemradio', { name: choice }).click();
  await expect(page.getByRole('button', { name: `Appearance: ${choice}` })).toBeVisible();
}

test.describe('app shell', () => {
  test('home page loads with its title, header links and search box', async ({ page }) => {
    await page.goto('/');

    await expect(page).toHaveTitle('WikiLogos - Search & Download Company Logos');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'WikiLogos' })).toHaveAttribute('href', '/');
    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Search & Download' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/premium');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    // A combobox: it offers suggestions as the visitor types.
    await expect(page.getByRole('combobox', { name: 'Search logos' })).toBeVisible();
  });

  test('the footer links to every public page and says using the site means agreeing to the terms', async ({
    page,
  }) => {
    await page.goto('/');

    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Search & Download', '/'],
      ['Upgrade', '/premium'],
      ['About', '/about'],
      ['Contact Support', '/contact'],
      ['Legal & Privacy', '/legal'],
      ['Login', '/auth'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} WikiLogos`);
    await expect(
      footer.getByRole('link', { name: 'terms of use and logo usage agreement' }),
    ).toHaveAttribute('href', '/legal');
  });

  test('a search from the home page opens the results for SVG files, trimmed and encoded', async ({
    page,
  }) => {
    await page.goto('/');
    const searchBox = page.getByRole('combobox', { name: 'Search logos' });

    // Blank text does not search.
    await searchBox.fill('   ');
    await searchBox.press('Enter');
    await expect(page).toHaveURL('/');

    await searchBox.fill('  Spotify, Slack  ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    // The results page searches SVG files unless the visitor chose another format.
    await expect(page).toHaveURL('/search?q=Spotify%2C%20Slack&fileType=svg');
    await expect(page).toHaveTitle('Spotify, Slack - WikiLogos Search');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /^\d+\+? results? for "Spotify, Slack"$/,
    );
    await expect(page.getByRole('combobox', { name: 'Search logos' })).toHaveValue(
      'Spotify, Slack',
    );
  });

  test('the header leads to About, and the footer to Legal, whose tabs switch the document', async ({
    page,
  }) => {
    await page.goto('/');

    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(page).toHaveTitle('About - WikiLogos');
    await expect(page.getByRole('heading', { level: 1, name: 'About WikiLogos' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'About' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal & Privacy' }).click();
    await expect(page).toHaveURL('/legal');
    await expect(page.getByRole('heading', { level: 1, name: 'Legal Information' })).toBeVisible();
    await expect(page.getByText('By using WikiLogos you automatically agree to')).toBeVisible();

    const tabs = page.getByRole('tablist', { name: 'Legal documents' });
    await expect(tabs.getByRole('tab', { name: 'Logo Usage' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: 'Logo Usage Agreement' })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Cookies' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('WikiLogos uses only essential cookies');
    await expect(page.getByRole('heading', { name: 'Logo Usage Agreement' })).toBeHidden();
    await expect(page).toHaveURL('/legal?tab=cookies');

    await tabs.getByRole('tab', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('tabpanel')).toContainText('Stripe');
  });

  test('a link to a legal tab opens that tab', async ({ page }) => {
    await page.goto('/legal?tab=privacy');
    await expect(page.getByRole('tab', { name: 'Privacy' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  });

  test('the About side navigation scrolls its section into view below the header', async ({
    page,
  }) => {
    await page.goto('/about');
    const sideNav = page.getByRole('navigation', { name: 'On this page' });
    for (const label of [
      "What's it?",
      'Batch Downloads',
      'Free vs Premium',
      'Using Logos',
      'Privacy Stuff',
      'Terms & Rules',
    ]) {
      await expect(sideNav.getByRole('link', { name: label })).toBeVisible();
    }
    const heading = page.getByRole('heading', { level: 2, name: 'Using Logos' });
    await expect(heading).not.toBeInViewport();

    await sideNav.getByRole('link', { name: 'Using Logos' }).click();

    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL('/about#attribution');
    await expect(sideNav.getByRole('link', { name: 'Using Logos' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    // The section lands 112 px from the top, clear of the sticky header.
    const sectionTop = () =>
      page
        .locator('#attribution')
        .evaluate((element) => Math.round(element.getBoundingClientRect().top));
    await expect.poll(async () => Math.abs((await sectionTop()) - 112) <= 2).toBe(true);
  });

  test('a new page opens at its top, and Back returns to where the visitor was', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);

    // The header stays on screen, so the click does not scroll.
    await page.getByRole('banner').getByRole('link', { name: 'Upgrade' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Simple Pricing' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'About WikiLogos' })).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  });

  test('a link to a section of another page opens that page at the section', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await page.getByRole('main').getByRole('link', { name: 'Free vs Premium' }).click();
    await expect(page).toHaveURL('/about#subscriptions');
    await expect(page.getByRole('heading', { level: 2, name: 'Free vs Premium' })).toBeInViewport();
    await expect(
      page.getByRole('heading', { level: 1, name: 'About WikiLogos' }),
    ).not.toBeInViewport();
  });

  test('opening About with a section in the address shows that section', async ({ page }) => {
    await page.goto('/about#privacy-policy');
    await expect(page.getByRole('heading', { level: 2, name: 'Privacy Stuff' })).toBeInViewport();
    await expect(
      page.getByRole('heading', { level: 1, name: 'About WikiLogos' }),
    ).not.toBeInViewport();
  });

  test('an unknown address answers 404 with the page that says so, and a way home', async ({
    page,
  }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);

    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found - WikiLogos');
    await expect(page.getByText('GET /no/such/page → 404')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the chosen theme survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);

    await chooseAppearance(page, 'Dark');
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute(
      'content',
      '#09090b',
    );

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Appearance: Dark' })).toBeVisible();

    await chooseAppearance(page, 'Light');
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Appearance: Light' })).toBeVisible();
  });

  test('the theme follows the system until a theme is picked, and System goes back to following it', async ({
    page,
  }) => {
    const html = page.locator('html');
    const themeColors = page.locator('meta[name="theme-color"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/about');
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Appearance: System' })).toBeVisible();
    // The browser's bar takes the colour of the system's appearance.
    await expect(themeColors.and(page.locator('[media*="dark"]'))).toHaveAttribute(
      'content',
      '#09090b',
    );
    await expect(themeColors.and(page.locator('[media*="light"]'))).toHaveAttribute(
      'content',
      '#ffffff',
    );

    // The system changes while the page is open: the page follows.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);

    // A picked theme wins over the system, now and after a reload.
    await chooseAppearance(page, 'Dark');
    await expect(html).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    for (const meta of await themeColors.all()) {
      await expect(meta).toHaveAttribute('content', '#09090b');
    }

    await chooseAppearance(page, 'System');
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/\bdark\b/);
    await shot(page, 'theme-system-dark');
  });

  test('no page flashes the wrong theme: it is dark before the app has loaded', async ({
    context,
  }) => {
    // A page of its own: the fixture's `page` waits for hydration, and here the app's code is held
    // back so the page is seen as the server and theme-init.js leave it.
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    let release!: () => void;
    const codeArrives = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await codeArrives;
      await route.continue();
    });
    await page.goto('/premium', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Simple Pricing' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();

    // And a picked light theme beats a dark system before the app has loaded, too.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Simple Pricing' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    release();
  });

  test('the appearance menu passes axe in both themes', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Appearance: System' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'System' })).toBeChecked();
    await shot(page, 'theme-menu-desktop');
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('keyboard users can skip straight to the page content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    await expect(skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('every page route answers with its own page', async ({ page }) => {
    for (const [path, heading] of [
      ['/premium', 'Simple Pricing'],
      ['/admin-login', 'Admin Login'],
      ['/subscription-cancel', 'Subscription Not Completed'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  });
});

test.describe('mobile', () => {
  test('the menu opens, mirrors the links and navigates @mobile', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Search & Download', 'Upgrade', 'About', 'Legal & Privacy', 'Login']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }

    await menu.getByRole('link', { name: 'About' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About WikiLogos' })).toBeVisible();
  });

  test('the menu offers System, Light and Dark for the appearance @mobile', async ({ page }) => {
    // The narrowest common phone: the three choices still fit beside or under their label.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const appearance = menu.getByRole('radiogroup', { name: 'Appearance' });
    await expect(appearance.getByRole('radio', { name: 'System' })).toBeChecked();
    await appearance.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(appearance.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await shot(page, 'theme-mobile-menu-dark');
    await expectNoSeriousA11yViolations(page);
    await appearance.getByRole('radio', { name: 'System' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the menu works from the keyboard and Escape closes it @mobile', async ({ page }) => {
    await page.goto('/');
    const openButton = page.getByRole('button', { name: 'Open menu' });
    await openButton.focus();
    await page.keyboard.press('Enter');

    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Search & Download' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(openButton).toBeFocused();
  });

  test('About sections stay reachable from the bar under the header @mobile', async ({ page }) => {
    await page.goto('/about');
    const sectionBar = page.getByRole('navigation', { name: 'On this page' });
    await sectionBar.getByRole('link', { name: 'Terms & Rules' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Terms & Rules' })).toBeInViewport();
    await expect(sectionBar.getByRole('link', { name: 'Terms & Rules' })).toBeInViewport();
  });
});

test.describe('toasts', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  type Box = { x: number; y: number; width: number; height: number };
  const overlaps = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  test('a toast never covers the button that raised it, on a phone or a laptop, near the top or the bottom', async ({
    page,
  }) => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await showHomeExamples(page);
      // The third example: the right-hand column on a laptop, where toasts used to come up.
      const card = page
        .getByRole('list', { name: 'Popular logo examples' })
        .getByRole('listitem')
        .nth(2);
      const trigger = card.getByRole('button', { name: /^More copy formats for / });
      const actions = [trigger, card.getByRole('button', { name: /^Download / })];
      for (const where of ['top', 'bottom'] as const) {
        // The card's buttons just under the sticky header, or at the bottom of the window.
        await trigger.evaluate((element, at) => {
          const header = document.querySelector('header')!.getBoundingClientRect().bottom;
          const box = element.getBoundingClientRect();
          const target = at === 'top' ? header + 12 : window.innerHeight - box.height - 12;
          window.scrollBy(0, box.top - target);
        }, where);
        await trigger.click();
        await page.getByRole('menuitem', { name: 'Plain text' }).click();
        const raised = page.getByLabel('Notifications (F8)').getByRole('listitem');
        await expect(raised.getByText('Attribution copied')).toBeVisible();
        await shot(page, `toast-${viewport.width}-${where}`);
        const toastBox = (await raised.boundingBox())!;
        for (const action of actions) {
          const box = (await action.boundingBox())!;
          expect(overlaps(toastBox, box), `toast over a card button (${where})`).toBe(false);
        }
        await raised.getByRole('button', { name: 'Close notification' }).click();
        await expect(raised).toHaveCount(0);
      }
    }
  });
});
