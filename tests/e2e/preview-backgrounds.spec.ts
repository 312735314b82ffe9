import type { Locator, Page } from '@playwright/test';
import {
  exampleCard,
  expect,
  expectNoSeriousA11yViolationsInBothThemes,
  openHomeExamples,
  test,
  shot,
} from './fixtures.ts';

// Preview backgrounds and the contrast warning (docs/product.md), on the home page's catalogue
// icons: GitHub is near-black, Google is blue (#4285F4).

async function openDetails(page: Page, title: string) {
  await exampleCard(page, title).getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The preview tile around a logo's image. */
function tile(image: Locator) {
  return image.locator('..');
}

const BLACK_WARNING = 'This logo may be hard to see on a black background.';

test('switching the details to black warns that a dark logo may be hard to see', async ({
  page,
}) => {
  await openHomeExamples(page);
  const dialog = await openDetails(page, 'GitHub');
  const preview = dialog.getByRole('img', { name: 'GitHub' });
  const background = dialog.getByRole('radiogroup', { name: 'Preview background' });
  await expect(background.getByRole('radio', { name: 'White background' })).toBeChecked();
  await expect(tile(preview)).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(dialog.getByText('hard to see')).toHaveCount(0);

  await background.getByRole('radio', { name: 'Black background' }).click();
  await expect(dialog.getByText(BLACK_WARNING)).toBeVisible();
  await expect(tile(preview)).toHaveCSS('background-color', 'rgb(0, 0, 0)');

  await background.getByRole('radio', { name: 'Brand colour background' }).click();
  await expect(
    dialog.getByText('This logo may be hard to see on its brand colour (#181717).'),
  ).toBeVisible();
  await expect(tile(preview)).toHaveCSS('background-color', 'rgb(24, 23, 23)');

  await background.getByRole('radio', { name: 'Checkerboard background' }).click();
  await expect(dialog.getByText('hard to see')).toHaveCount(0);

  // A blue logo stands out from black: no warning.
  await background.getByRole('radio', { name: 'Black background' }).click();
  await expect(dialog.getByText(BLACK_WARNING)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const google = await openDetails(page, 'Google');
  await expect(google.getByRole('radio', { name: 'Black background' })).toBeChecked();
  await expect(google.getByText('hard to see')).toHaveCount(0);
});

// GitHub's mark painted white, as a file served in place of the catalogue's near-black one.
const WHITE_GITHUB =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#ffffff"><path d="M12 .297c-6.63 0-12 5.373-12 12 0 5.303 3.438 9.8 8.205 11.385.6.113.82-.258.82-.577 0-.285-.01-1.04-.015-2.04-3.338.724-4.042-1.61-4.042-1.61C4.422 18.07 3.633 17.7 3.633 17.7c-1.087-.744.084-.729.084-.729 1.205.084 1.838 1.236 1.838 1.236 1.07 1.835 2.809 1.305 3.495.998.108-.776.417-1.305.76-1.605-2.665-.3-5.466-1.332-5.466-5.93 0-1.31.465-2.38 1.235-3.22-.135-.303-.54-1.523.105-3.176 0 0 1.005-.322 3.3 1.23.96-.267 1.98-.399 3-.405 1.02.006 2.04.138 3 .405 2.28-1.552 3.285-1.23 3.285-1.23.645 1.653.24 2.873.12 3.176.765.84 1.23 1.91 1.23 3.22 0 4.61-2.805 5.625-5.475 5.92.42.36.81 1.096.81 2.22 0 1.606-.015 2.896-.015 3.286 0 .315.21.69.825.57C20.565 22.092 24 17.592 24 12.297c0-6.627-5.373-12-12-12"/></svg>';

test('the warning follows the colours the logo really paints', async ({ page }) => {
  // The verdict comes from the browser's own drawing of the file (read through the file proxy).
  await page.route(/\/api\/files\?url=[^&]*github/i, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: WHITE_GITHUB }),
  );
  await openHomeExamples(page);
  // A colourful logo stands out from white (checked first: another background checks every card).
  const painted = page.waitForResponse(/\/api\/files\?url=[^&]*google/i);
  const google = await openDetails(page, 'Google');
  await painted;
  await expect(google.getByRole('radio', { name: 'White background' })).toBeChecked();
  await expect(google.getByText('hard to see')).toHaveCount(0);
  await page.keyboard.press('Escape');

  const dialog = await openDetails(page, 'GitHub');
  const background = dialog.getByRole('radiogroup', { name: 'Preview background' });
  await expect(background.getByRole('radio', { name: 'White background' })).toBeChecked();
  await expect(
    dialog.getByText('This logo may be hard to see on a white background.'),
  ).toBeVisible();
  await background.getByRole('radio', { name: 'Checkerboard background' }).click();
  await expect(
    dialog.getByText('This logo may be hard to see on the checkerboard background.'),
  ).toBeVisible();
  await background.getByRole('radio', { name: 'Black background' }).click();
  await expect(dialog.getByText('hard to see')).toHaveCount(0);
});

test('the toolbar puts every card on black, flags the dark logos, and remembers it', async ({
  page,
}) => {
  await openHomeExamples(page);
  await expect(exampleCard(page, 'GitHub').getByText(BLACK_WARNING)).toHaveCount(0);

  await page.getByRole('button', { name: 'Preview background: White' }).click();
  await page.getByRole('menuitemradio', { name: 'Black' }).click();
  await expect(page.getByRole('button', { name: 'Preview background: Black' })).toBeVisible();
  await expect(tile(exampleCard(page, 'Google').getByRole('img', { name: 'Google' }))).toHaveCSS(
    'background-color',
    'rgb(0, 0, 0)',
  );
  await expect(exampleCard(page, 'GitHub').getByText('Low contrast')).toBeVisible();
  await expect(exampleCard(page, 'GitHub').getByText(BLACK_WARNING)).toBeAttached();
  await expect(exampleCard(page, 'Apple').getByText('Low contrast')).toBeVisible();
  await expect(exampleCard(page, 'Google').getByText('Low contrast')).toHaveCount(0);
  await expect(exampleCard(page, 'Netflix').getByText('Low contrast')).toHaveCount(0);

  // The choice is the page's: the details open on it, and it survives a reload.
  const dialog = await openDetails(page, 'GitHub');
  await expect(dialog.getByRole('radio', { name: 'Black background' })).toBeChecked();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Preview background: Black' })).toBeVisible();
  await expect(exampleCard(page, 'GitHub').getByText('Low contrast')).toBeVisible();
});

test('backgrounds and the warning pass axe in the light and dark themes', async ({ page }) => {
  await openHomeExamples(page);
  await page.getByRole('button', { name: 'Preview background: White' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'White' })).toBeChecked();
  await shot(page, `background-menu`);
  await expectNoSeriousA11yViolationsInBothThemes(page);
  await page.getByRole('menuitemradio', { name: 'Black' }).click();
  await expect(exampleCard(page, 'GitHub').getByText('Low contrast')).toBeVisible();
  await exampleCard(page, 'GitHub').scrollIntoViewIfNeeded();
  await shot(page, `background-cards`, { fullPage: true });
  await expectNoSeriousA11yViolationsInBothThemes(page);

  const dialog = await openDetails(page, 'GitHub');
  await expect(dialog.getByText(BLACK_WARNING)).toBeVisible();
  await shot(page, `background-dialog`);
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

test('the background choice fits on a phone @mobile', async ({ page }) => {
  await openHomeExamples(page);
  await page.getByRole('button', { name: 'Preview background: White' }).click();
  await page.getByRole('menuitemradio', { name: 'Black' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
  await exampleCard(page, 'GitHub').scrollIntoViewIfNeeded();
  await shot(page, 'background-cards-phone');
  const dialog = await openDetails(page, 'GitHub');
  await expect(dialog.getByText(BLACK_WARNING)).toBeVisible();
  await shot(page, 'background-dialog-phone');
  await dialog.getByRole('button', { name: 'More copy formats for GitHub' }).click();
  await expect(
    page.getByRole('menuitem', { name: 'React component', exact: true }),
  ).toBeInViewport();
  await shot(page, 'copy-menu-phone');
});
