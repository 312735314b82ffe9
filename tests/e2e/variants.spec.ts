import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  exampleCard,
  expect,
  expectNoSeriousA11yViolations,
  openHomeExamples,
  shot,
  test,
} from './fixtures.ts';

// Light and dark versions of one logo (docs/product.md#light-and-dark-versions). The stand-in's
// 'amazon' search has 'Amazon logo' and 'Amazon logo white' (and an 'Amazon Prime logo' that is no
// pair); 'uber' has two pairs. Thumbnails do not load offline, so a picture is found by its name:
// the file's title (or '{title} (preview unavailable)').

function card(page: Page, query: string, title: string) {
  return page
    .getByRole('list', { name: `Results for ${query}` })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
}

/** The picture a card or dialog shows, by the title of the file it is. */
const picture = (scope: ReturnType<typeof card>, title: string) =>
  scope.getByRole('img', { name: new RegExp(`^${title}(?: \\(preview unavailable\\))?$`) });

const WHITE_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 30"><path fill="#fff" d="M0 0h100v30H0z"/></svg>';

async function chooseBackground(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: `Preview background: ${from}` }).click();
  await page.getByRole('menuitemradio', { name: to }).click();
  await expect(page.getByRole('button', { name: `Preview background: ${to}` })).toBeVisible();
}

test('a light/dark pair follows the preview background, and the download is the file shown', async ({
  page,
}) => {
  // Commons' files are not reachable offline: the white file comes from here, through the proxy.
  await page.route(/\/api\/files\?url=[^&]*Amazon_logo_white/, (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: WHITE_LOGO }),
  );
  await page.goto('/search?q=amazon');
  const amazon = card(page, 'amazon', 'Amazon logo');
  const prime = card(page, 'amazon', 'Amazon Prime logo (2024)');
  await expect(picture(amazon, 'Amazon logo')).toBeVisible();
  await expect(amazon.getByText('Light and dark versions')).toBeAttached();
  await expect(prime.getByText('Light and dark versions')).toHaveCount(0);

  // On black, the card shows the white file; a logo without a pair stays itself.
  await chooseBackground(page, 'White', 'Black');
  await expect(picture(amazon, 'Amazon logo white')).toBeVisible();
  await expect(picture(prime, 'Amazon Prime logo \\(2024\\)')).toBeVisible();
  await shot(page, 'variants-cards-black');

  // Download saves (and counts) the file the card shows.
  const tracked = page.waitForRequest(
    (request) => request.url().endsWith('/api/downloads/track') && request.method() === 'POST',
  );
  const saved = page.waitForEvent('download');
  await amazon.getByRole('button', { name: 'Download Amazon logo white' }).click();
  expect((await tracked).postDataJSON()).toMatchObject({ logoTitle: 'Amazon logo white' });
  expect((await saved).suggestedFilename()).toBe('amazon_logo_white.svg');

  // The dialog shows both versions; choosing one puts the preview on its background.
  await amazon.getByRole('button', { name: 'Amazon logo', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Amazon logo' });
  const versions = dialog.getByRole('group', { name: 'Light and dark versions' });
  const forLight = versions.getByRole('button', { name: /^For light backgrounds/ });
  const forDark = versions.getByRole('button', { name: /^For dark backgrounds/ });
  await expect(forDark).toHaveAttribute('aria-pressed', 'true');
  await expect(forDark).toContainText('Amazon logo white');
  await expect(picture(dialog, 'Amazon logo white')).toBeVisible();
  await forLight.click();
  await expect(forLight).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('radio', { name: 'White background' })).toBeChecked();
  await expect(picture(dialog, 'Amazon logo')).toBeVisible();
  await expect(picture(dialog, 'Amazon logo white')).toHaveCount(0);
  // From the keyboard: Tab on to the dark version's button, Enter.
  await page.keyboard.press('Tab');
  await expect(forDark).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('radio', { name: 'Black background' })).toBeChecked();
  await expect(picture(dialog, 'Amazon logo white')).toBeVisible();
  await shot(page, 'variants-dialog');
  await expectNoSeriousA11yViolations(page);

  // The page's cards followed the dialog's choice.
  await page.keyboard.press('Escape');
  await expect(picture(amazon, 'Amazon logo white')).toBeVisible();
});

test('on a phone in the dark theme, the pair follows the background too @mobile', async ({
  page,
  darkTheme,
}) => {
  await darkTheme();
  await page.goto('/search?q=uber');
  const old = card(page, 'uber', 'Uber logo 2016 black');
  const current = card(page, 'uber', 'Uber logo 2018');
  await expect(picture(old, 'Uber logo 2016 black')).toBeVisible();
  await chooseBackground(page, 'White', 'Black');
  await expect(picture(old, 'Uber logo 2016 white')).toBeVisible();
  await expect(picture(current, 'Uber logo 2018 \\(white\\)')).toBeVisible();
  await shot(page, 'variants-mobile-dark-cards');

  await current.getByRole('button', { name: 'Uber logo 2018', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Uber logo 2018' });
  const versions = dialog.getByRole('group', { name: 'Light and dark versions' });
  await expect(versions.getByRole('button', { name: /^For dark backgrounds/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(versions).toBeInViewport();
  await shot(page, 'variants-mobile-dark-dialog');
  await expectNoSeriousA11yViolations(page);
});

test('a one-colour logo without a pair offers a generated white version, sanitised and counted', async ({
  page,
}) => {
  await openHomeExamples(page);
  await exampleCard(page, 'GitHub').getByRole('button', { name: 'GitHub', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'GitHub' });
  const inverse = dialog.getByRole('region', { name: 'White version' });
  await expect(
    inverse.getByText('Made from this one-colour logo, for dark backgrounds.'),
  ).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Light and dark versions' })).toHaveCount(0);

  const saved = page.waitForEvent('download');
  await inverse.getByRole('button', { name: 'Download white version' }).click();
  const file = await saved;
  expect(file.suggestedFilename()).toBe('github_white.svg');
  const svg = await readFile(await file.path(), 'utf8');
  expect(svg).toMatch(/^<svg [^>]*fill="#ffffff"/);
  expect(svg).not.toContain('#181717');
  // Counted as a download of the logo, like any other.
  await expect(dialog.getByText(/9 of 10 downloads left/)).toBeVisible();
  await shot(page, 'variants-generated-inverse');
});
