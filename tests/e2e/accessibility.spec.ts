import { expect, expectNoSeriousA11yViolationsInBothThemes, test } from './fixtures.ts';

// The home page with its examples and a results page are scanned in home.spec and search.spec;
// /legal with each of its tabs below.
const PAGES = [
  { name: 'about', path: '/about' },
  { name: 'legal', path: '/legal' },
  { name: '404', path: '/this-page-does-not-exist' },
  { name: 'premium', path: '/premium' },
] as const;

test.describe('light and dark themes', () => {
  for (const { name, path } of PAGES) {
    test(`the ${name} page has no serious accessibility problems`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolationsInBothThemes(page);
      if (name !== 'legal') return;
      // Every other Legal tab too.
      for (const tab of ['Cookies', 'Privacy']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        await expectNoSeriousA11yViolationsInBothThemes(page);
      }
    });
  }

  test('the open mobile menu has no serious accessibility problems @mobile', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('the About page on a phone has no serious accessibility problems @mobile', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });
});
