import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, expectNoSeriousA11yViolations, showHomeExamples, test, shot } from './fixtures.ts';
import { POPULAR_EXAMPLES } from '../fixtures/popular-examples.ts';

// The logo grid used with the keyboard alone (docs/product.md#logo-cards). The home page's nine
// examples are WikiLogos' own catalogue icons, so they download, copy and zip with no network
// beyond the app. On a desktop window they sit three to a row:
//   Google   Apple    GitHub
//   Spotify  Netflix  Figma
//   Airbnb   Firefox  Discord

const examples = (page: Page) => page.getByRole('list', { name: 'Popular logo examples' });
const card = (page: Page, title: string) =>
  examples(page).getByRole('button', { name: title, exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

async function openHome(page: Page) {
  await page.goto('/');
  await showHomeExamples(page);
  await expect(examples(page).getByRole('listitem')).toHaveCount(POPULAR_EXAMPLES.length);
}

/** Which example holds focus (its position in the grid), or -1 when focus is outside the grid. */
function focusedExample(page: Page): Promise<number> {
  return page.evaluate(() => {
    const list = document.querySelector('ul[aria-label="Popular logo examples"]');
    const item = document.activeElement?.closest('li');
    return list && item?.parentElement === list ? [...list.children].indexOf(item) : -1;
  });
}

/** Presses `key` and expects focus on the card of `title`. */
async function press(page: Page, key: string, title: string) {
  await page.keyboard.press(key);
  await expect(card(page, title)).toBeFocused();
}

/**
 * Focus on the control just before the grid; the journey goes on from there with the keyboard
 * alone (Tab, as a keyboard user arriving from the controls above the logos).
 */
async function focusJustBefore(page: Page, control: Locator) {
  await control.focus();
  await expect(control).toBeFocused();
}

test('the page offers WikiLogos as a search engine, with suggestions', async ({ page }) => {
  await page.goto('/');
  const link = page.locator('head link[rel="search"]');
  await expect(link).toHaveAttribute('type', 'application/opensearchdescription+xml');
  await expect(link).toHaveAttribute('title', 'WikiLogos');
  const href = await link.getAttribute('href');
  expect(href).toBe('/opensearch.xml');

  const origin = new URL(page.url()).origin;
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(
    'application/opensearchdescription+xml; charset=utf-8',
  );
  // Parsed as the browser parses it: well-formed, with absolute addresses on this site.
  const description = await page.evaluate(
    (xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        name: doc.getElementsByTagName('ShortName')[0]?.textContent,
        templates: Object.fromEntries(
          [...doc.getElementsByTagName('Url')].map((url) => [
            url.getAttribute('type'),
            url.getAttribute('template'),
          ]),
        ),
      };
    },
    await response.text(),
  );
  expect(description.error).toBe(false);
  expect(description.name).toBe('WikiLogos');
  const searchTemplate = description.templates['text/html']!;
  expect(searchTemplate).toBe(`${origin}/search?q={searchTerms}&fileType=svg`);
  const suggestTemplate = description.templates['application/x-suggestions+json']!;
  expect(suggestTemplate.startsWith(`${origin}/`)).toBe(true);

  // What the browser does with them: a search from the address bar, and its suggestions.
  const suggestions = await page.request.get(suggestTemplate.replace('{searchTerms}', 'goo'));
  expect(suggestions.headers()['content-type']).toBe(
    'application/x-suggestions+json; charset=utf-8',
  );
  const [query, names] = (await suggestions.json()) as [string, string[]];
  expect(query).toBe('goo');
  expect(names).toContain('Google');

  await page.goto(searchTemplate.replace('{searchTerms}', 'github'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/results for "github"/);
});

test('a guest moves through the logos with the arrows, opens, downloads and copies from the keyboard', async ({
  page,
}) => {
  await openHome(page);

  // One Tab stop: Tab from the controls above lands on the first card…
  await focusJustBefore(page, page.getByRole('radio', { name: 'Grid view' }));
  await press(page, 'Tab', 'Google');
  // …Tab goes on to that card's own buttons, then leaves the grid instead of visiting every card.
  let tabs = 0;
  while ((await focusedExample(page)) === 0 && tabs < 6) {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  expect(tabs).toBeGreaterThan(1);
  expect(await focusedExample(page)).toBe(-1);
  for (let back = 0; back < tabs - 1; back += 1) await page.keyboard.press('Shift+Tab');
  await press(page, 'Shift+Tab', 'Google');

  // Left and Right by one card (on to the next row), Up and Down by a row, Home and End.
  await press(page, 'ArrowRight', 'Apple');
  await press(page, 'ArrowDown', 'Netflix');
  await press(page, 'ArrowLeft', 'Spotify');
  await press(page, 'ArrowLeft', 'GitHub');
  await press(page, 'ArrowDown', 'Figma');
  await press(page, 'ArrowDown', 'Discord');
  await press(page, 'ArrowDown', 'Discord');
  await press(page, 'ArrowRight', 'Discord');
  await press(page, 'Home', 'Google');
  await press(page, 'ArrowUp', 'Google');
  await press(page, 'ArrowLeft', 'Google');
  await press(page, 'End', 'Discord');
  await press(page, 'ArrowUp', 'Figma');
  await press(page, 'ArrowUp', 'GitHub');
  await shot(page, 'keyboard-grid-focus');

  // The grid remembers its place: leaving and coming back with Tab returns to GitHub.
  await focusJustBefore(page, page.getByRole('radio', { name: 'Grid view' }));
  await press(page, 'Tab', 'GitHub');

  // Enter opens the details; Escape closes them and focus is back on the same card.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'GitHub' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card(page, 'GitHub')).toBeFocused();

  // d downloads the focused logo, as its Download button does (a guest may download).
  const saved = page.waitForEvent('download');
  await page.keyboard.press('d');
  expect((await saved).suggestedFilename()).toBe('github.svg');

  // c is Copy SVG, Premium like the button: a guest gets the same prompt.
  await page.keyboard.press('c');
  await expect(toast(page, '✨ Premium Feature')).toBeVisible();
  await expect(card(page, 'GitHub')).toBeFocused();

  // Letters typed in a field stay letters; '/' and '?' are for the whole page.
  await page.keyboard.press('/');
  const box = page.getByRole('combobox', { name: 'Search logos' });
  await expect(box).toBeFocused();
  await page.keyboard.type('dcx?');
  await expect(box).toHaveValue('dcx?');
  await expect(sheet(page)).toBeHidden();
});

test('? shows every shortcut, and closing the sheet returns to the card', async ({ page }) => {
  await openHome(page);
  await focusJustBefore(page, page.getByRole('radio', { name: 'Grid view' }));
  await press(page, 'Tab', 'Google');
  await press(page, 'ArrowRight', 'Apple');

  await page.keyboard.press('?');
  await expect(sheet(page)).toBeVisible();
  for (const action of [
    'Go to the search box',
    'Move between the logos',
    "Open the logo's details",
    'Download the logo',
    'Copy the SVG code (Premium)',
    'Select or deselect the logo',
    'Download Batch: the selected logos',
  ]) {
    await expect(sheet(page).getByRole('definition').filter({ hasText: action })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'keyboard-grid-sheet-light');
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toBeHidden();
  await expect(card(page, 'Apple')).toBeFocused();

  // The 'Keyboard shortcuts' button beside the grid's controls opens it too.
  const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(sheet(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
});

test('the shortcut sheet in the dark theme', async ({ page, darkTheme }) => {
  await darkTheme();
  await openHome(page);
  await page.keyboard.press('?');
  await expect(sheet(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'keyboard-grid-sheet-dark');
});

test.describe('a Premium user', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('copies with c, selects with x and Enter, and downloads the batch with Shift+D', async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await openHome(page);

    await focusJustBefore(page, page.getByRole('radio', { name: 'Grid view' }));
    await press(page, 'Tab', 'Google');
    await page.keyboard.press('c');
    await expect(toast(page, 'SVG Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      '<title>Google</title>',
    );

    // x does nothing outside batch mode; Batch Select is a switch reached with the keyboard.
    const batchSwitch = page.getByRole('switch', { name: 'Batch Select' });
    await batchSwitch.focus();
    await page.keyboard.press('Space');
    await expect(batchSwitch).toBeChecked();
    const panel = page.getByRole('region', { name: 'Batch download', exact: true });
    await expect(panel.getByText('0 selected')).toBeVisible();

    // Clear Selection and Download Batch are disabled while nothing is selected: out of the Tab order.
    await focusJustBefore(page, panel.getByRole('button', { name: 'Select All' }));
    await press(page, 'Tab', 'Google');
    await page.keyboard.press('x');
    await expect(card(page, 'Google')).toHaveAttribute('aria-pressed', 'true');
    await press(page, 'ArrowRight', 'Apple');
    await press(page, 'ArrowRight', 'GitHub');
    await page.keyboard.press('x');
    await press(page, 'ArrowDown', 'Figma');
    // Enter selects too in batch mode, as a click does, instead of opening the details.
    await page.keyboard.press('Enter');
    await expect(card(page, 'Figma')).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByText('3 selected')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    // x again takes a logo out.
    await press(page, 'ArrowUp', 'GitHub');
    await page.keyboard.press('x');
    await expect(card(page, 'GitHub')).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('x');
    await expect(panel.getByText('3 selected')).toBeVisible();
    await shot(page, 'keyboard-grid-batch');

    // Shift+D is Download Batch: one zip of the selection, in the order it was picked.
    const saved = page.waitForEvent('download');
    await page.keyboard.press('Shift+D');
    const download = await saved;
    expect(download.suggestedFilename()).toBe('WikiLogos_batch_download.zip');
    const entries = unzipSync(new Uint8Array(await readFile(await download.path())));
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as {
      files: { fileName: string }[];
    };
    expect(manifest.files.map((file) => file.fileName)).toEqual([
      'google.svg',
      'figma.svg',
      'github.svg',
    ]);
    await expect(toast(page, 'Download Complete')).toBeVisible();
    await expect(panel.getByText('0 selected')).toBeVisible();
  });
});

test('the results page in the list layout moves one card per arrow', async ({ page }) => {
  await page.goto('/search?q=apple&fileType=svg');
  const results = page.getByRole('list', { name: 'Results for apple' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  const list = page.getByRole('radio', { name: 'List view' });
  await list.focus();
  await page.keyboard.press('Space');
  await expect(list).toBeChecked();

  const titles = await results.locator('[data-card-trigger]').allTextContents();
  expect(titles.length).toBeGreaterThan(2);
  await focusJustBefore(page, page.getByRole('button', { name: 'Remove filter: SVG' }));
  await page.keyboard.press('Tab');
  const cardOf = (title: string) => results.getByRole('button', { name: title, exact: true });
  await expect(cardOf(titles[0]!)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(cardOf(titles[1]!)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(cardOf(titles[2]!)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(cardOf(titles[1]!)).toBeFocused();
});

test('on a phone the grid is one column: Down goes to the next logo @mobile', async ({ page }) => {
  await openHome(page);
  await card(page, 'Google').focus();
  await press(page, 'ArrowDown', 'Apple');
  await press(page, 'ArrowRight', 'GitHub');
  await press(page, 'End', 'Discord');
  await expect(card(page, 'Discord')).toBeInViewport();
  await page.keyboard.press('?');
  await expect(sheet(page)).toBeVisible();
  await shot(page, 'keyboard-grid-sheet-phone');
  await expectNoSeriousA11yViolations(page);
});
