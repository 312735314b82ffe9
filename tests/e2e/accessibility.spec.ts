import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'legal', path: '/legal' },
  { name: '404', path: '/this-page-does-not-exist' },
  { name: 'premium', path: '/premium' },
  { name: 'search', path: '/search?q=Mozilla' },
] as const;

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    for (const { name, path } of PAGES) {
      test(`the ${name} page has no serious accessibility problems`, async ({
        page,
        darkTheme,
      }) => {
        if (theme === 'dark') await darkTheme();
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const html = page.locator('html');
        await (theme === 'dark'
          ? expect(html).toHaveClass(/\bdark\b/)
          : expect(html).not.toHaveClass(/\bdark\b/));

        await expectNoSeriousA11yViolations(page);
      });
    }

    test(`every Legal tab has no serious accessibility problems`, async ({ page, darkTheme }) => {
      if (theme === 'dark') await darkTheme();
      await page.goto('/legal');
      for (const tab of ['Cookies', 'Privacy']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expectNoSeriousA11yViolations(page);
      }
    });

    test(`the open mobile menu has no serious accessibility problems @mobile`, async ({
      page,
      darkTheme,
    }) => {
      if (theme === 'dark') await darkTheme();
      await page.goto('/about');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test(`the About page on a phone has no serious accessibility problems @mobile`, async ({
      page,
      darkTheme,
    }) => {
      if (theme === 'dark') await darkTheme();
      await page.goto('/about');
      await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
