import type { Page } from '@playwright/test';
import {
  exampleCard,
  expect,
  expectNoSeriousA11yViolationsInBothThemes,
  openHomeExamples,
  signUpThroughApi,
  test,
  shot,
} from './fixtures.ts';

// The copy menu beside Copy SVG (docs/product.md#copy-svg), on the home page's catalogue icons,
// which need no network beyond the app. Code formats are Premium like Copy SVG; the credit line is
// for all.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const GITHUB_MARKDOWN_CREDIT =
  '"[GitHub](<https://github.com/logos>)", via Simple Icons, [CC0-1.0](<https://creativecommons.org/publicdomain/zero/1.0/>)';

/** Opens a card's copy menu and chooses `format` (its visible name). */
async function copyFromCard(page: Page, title: string, format: string) {
  await exampleCard(page, title)
    .getByRole('button', { name: `More copy formats for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: format, exact: true }).click();
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test('a Premium user copies a logo as a React component, and as a data URI from the keyboard', async ({
  page,
  signInAsPremium,
}) => {
  await signInAsPremium();
  await openHomeExamples(page);

  await copyFromCard(page, 'GitHub', 'React component');
  // The label lasts two seconds, the toast five: the shorter-lived one is looked at first.
  await expect(exampleCard(page, 'GitHub').getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect(toast(page, 'React Component Copied')).toBeVisible();
  await expect(toast(page, 'Paste it into a .tsx file: it exports <GitHubLogo />.')).toBeVisible();
  const component = await clipboard(page);
  expect(component).toMatch(/^import type \{ SVGProps \} from 'react';\n/);
  expect(component).toContain('export function GitHubLogo({');
  expect(component).toContain('title = "GitHub",');
  expect(component).toContain('}: SVGProps<SVGSVGElement> & { title?: string }) {');
  expect(component).toMatch(/\n {4}<svg [^\n]*fill="#181717"[^\n]* role="img" \{\.\.\.props\}>\n/);
  expect(component).toMatch(/<svg [^\n]*viewBox="0 0 24 24"/);
  expect(component).toContain('<title>{title}</title>');
  expect(component).toMatch(/<path d="M12 [^"]+" \/>/);
  // The label comes back after two seconds.
  await expect(
    exampleCard(page, 'GitHub').getByRole('button', { name: 'Copy SVG GitHub' }),
  ).toBeVisible();

  // The same menu without a mouse: Enter opens it on its first item, the arrows move, Enter copies.
  // The pointer is moved out of the way first: left over the page, Chromium reports it over a menu
  // that opens beneath it, and the menu follows the pointer as it should.
  await page.mouse.move(0, 0);
  const trigger = exampleCard(page, 'Figma').getByRole('button', {
    name: 'More copy formats for Figma',
  });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'SVG', exact: true })).toBeFocused();
  // Radix moves focus a tick after each arrow key, so each step is awaited before the next key:
  // two keys sent back to back can both land on the first item on a busy machine.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Optimised SVG', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Data URI', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Data URI Copied')).toBeVisible();
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();
  const uri = await clipboard(page);
  expect(uri).toMatch(/^data:image\/svg\+xml,%3Csvg%20/);
  // It is a working image: the browser draws it at the logo's size.
  const size = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, uri);
  expect(size).toEqual([24, 24]);
});

test('a Premium user copies a logo as a Vue component, credit and all', async ({
  page,
  signInAsPremium,
}) => {
  await signInAsPremium();
  await openHomeExamples(page);
  await copyFromCard(page, 'GitHub', 'Vue component');
  await expect(toast(page, 'Vue Component Copied')).toBeVisible();
  await expect(
    toast(page, 'Save it as GitHubLogo.vue: it is the <GitHubLogo /> component.'),
  ).toBeVisible();
  const component = await clipboard(page);
  expect(component).toMatch(/^<script setup lang="ts">\n\/\*\*\n \* GitHub\n/);
  expect(component).toContain(' * "GitHub", via Simple Icons, CC0-1.0');
  expect(component).toContain('const { title = "GitHub" } = defineProps<{ title?: string }>();');
  expect(component).toMatch(/\n<template>\n {2}<svg [^\n]*viewBox="0 0 24 24"[^\n]* role="img">\n/);
  expect(component).toContain('<title>{{ title }}</title>');
  expect(component).toMatch(/<path d="M12 [^"]+" \/>/);
  expect(component.trimEnd()).toMatch(/<\/svg>\n<\/template>$/);
  // The menu row names each framework's component for screen readers.
  await exampleCard(page, 'GitHub')
    .getByRole('button', { name: 'More copy formats for GitHub' })
    .click();
  for (const name of ['Svelte component', 'Angular component', 'Astro component']) {
    await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
  }
  await shot(page, 'copy-menu-components');
  await page.keyboard.press('Escape');
});

test('a guest copies the attribution as Markdown, from a card and from the details', async ({
  page,
}) => {
  await openHomeExamples(page);
  await copyFromCard(page, 'GitHub', 'Markdown');
  await expect(toast(page, 'Attribution copied')).toBeVisible();
  expect(await clipboard(page)).toBe(GITHUB_MARKDOWN_CREDIT);

  await exampleCard(page, 'GitHub').getByRole('button', { name: 'GitHub', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'GitHub' });
  await expect(
    dialog.getByText(
      '"GitHub", via Simple Icons, CC0-1.0 (https://creativecommons.org/publicdomain/zero/1.0/), https://github.com/logos',
    ),
  ).toBeVisible();
  await dialog.getByRole('radio', { name: 'HTML' }).click();
  await expect(
    dialog.getByText(
      '"<a href="https://github.com/logos">GitHub</a>", via Simple Icons, <a href="https://creativecommons.org/publicdomain/zero/1.0/">CC0-1.0</a>',
    ),
  ).toBeVisible();
  await dialog.getByRole('radio', { name: 'Markdown' }).click();
  await expect(dialog.getByText(GITHUB_MARKDOWN_CREDIT)).toBeVisible();
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await dialog.getByRole('button', { name: 'Copy attribution' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await clipboard(page)).toBe(GITHUB_MARKDOWN_CREDIT);

  // Escape closes the top-most layer: the dialog the person is in, not the toast it raised.
  await expect(toast(page, 'Attribution copied')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Attribution copied')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(toast(page, 'Attribution copied')).toBeHidden();
});

test('code formats are Premium: a free user is told so and a guest gets the premium prompt', async ({
  page,
}) => {
  await openHomeExamples(page);
  await page.evaluate(() => navigator.clipboard.writeText('untouched'));
  await copyFromCard(page, 'GitHub', 'React component');
  await expect(toast(page, '✨ Premium Feature')).toBeVisible();
  await expect(toast(page, 'Direct SVG copying is a premium feature')).toBeVisible();

  await signUpThroughApi(page, 'copymenufree');
  await openHomeExamples(page);
  await copyFromCard(page, 'GitHub', 'Optimised SVG');
  await expect(toast(page, 'Premium Subscription Required')).toBeVisible();
  await expect(
    toast(page, 'Direct SVG copying is a premium feature. Please upgrade to use this feature.'),
  ).toBeVisible();
  expect(await clipboard(page)).toBe('untouched');
  await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
  await expect(page).toHaveURL('/premium');
});

test('the copy menu passes axe in the light and dark themes', async ({ page }) => {
  await openHomeExamples(page);
  await exampleCard(page, 'GitHub')
    .getByRole('button', { name: 'More copy formats for GitHub' })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await shot(page, `copy-menu-card`);
  await expectNoSeriousA11yViolationsInBothThemes(page);
  await page.keyboard.press('Escape');

  await exampleCard(page, 'GitHub').getByRole('button', { name: 'GitHub', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'GitHub' });
  await dialog.getByRole('button', { name: 'More copy formats for GitHub' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await shot(page, `copy-menu-dialog`);
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

/** A result card on the search page, found by its title. */
function resultCard(page: Page, title: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: title, exact: true }) });
}

/**
 * Commons files are offline here, so the file proxy's answer for every raster logo is a small
 * picture of that type, drawn in the page: what the proxy would pass on from Wikimedia.
 */
async function serveRasterFiles(page: Page, type: 'image/png' | 'image/jpeg') {
  const bytes = await page.evaluate(async (mime) => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 20;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#4285f4';
    context.fillRect(0, 0, 40, 20);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, mime));
    return [...new Uint8Array(await blob!.arrayBuffer())];
  }, type);
  await page.route('**/api/files?**', (route) =>
    route.fulfill({ status: 200, contentType: type, body: Buffer.from(bytes) }),
  );
}

test('a raster logo offers Copy image and its data URI instead of Copy SVG, for Premium', async ({
  page,
  signInAsPremium,
}) => {
  // A guest is offered the same actions and gets the Premium prompt.
  await page.goto('/search?q=google&fileType=png');
  const png = resultCard(page, 'Google 2011 logo');
  await expect(png.getByRole('button', { name: 'Copy image Google 2011 logo' })).toBeVisible();
  await expect(png.getByRole('button', { name: /Copy SVG/ })).toHaveCount(0);
  await page.evaluate(() => navigator.clipboard.writeText('untouched'));
  await png.getByRole('button', { name: 'Copy image Google 2011 logo' }).click();
  await expect(toast(page, '✨ Premium Feature')).toBeVisible();
  await expect(toast(page, 'Direct image copying is a premium feature')).toBeVisible();
  expect(await clipboard(page)).toBe('untouched');

  await signInAsPremium();
  await page.goto('/search?q=google&fileType=png');
  await serveRasterFiles(page, 'image/png');
  await png.getByRole('button', { name: 'Copy image Google 2011 logo' }).click();
  await expect(toast(page, 'Image Copied')).toBeVisible();
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const blob = await item!.getType('image/png');
    const bitmap = await createImageBitmap(blob);
    return { types: item!.types, size: [bitmap.width, bitmap.height] };
  });
  expect(copied).toEqual({ types: ['image/png'], size: [40, 20] });

  // The menu: the picture or its data URI (no SVG code formats), and the credit line.
  await png.getByRole('button', { name: 'More copy formats for Google 2011 logo' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Image', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'SVG', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: 'React component' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Data URI', exact: true }).click();
  await expect(toast(page, 'Data URI Copied')).toBeVisible();
  expect(await clipboard(page)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  await shot(page, 'copy-raster-card');

  // A JPG goes on the clipboard as a PNG picture (the format clipboards take), from its details.
  await page.unroute('**/api/files?**');
  await page.goto('/search?q=google&fileType=jpg');
  await serveRasterFiles(page, 'image/jpeg');
  const jpg = 'Googleplex sign, Mountain View (2023)';
  await resultCard(page, jpg).getByRole('button', { name: jpg, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: jpg });
  await dialog.getByRole('button', { name: `Copy image ${jpg}` }).click();
  await expect(toast(page, 'Image Copied')).toBeVisible();
  const types = await page.evaluate(async () => (await navigator.clipboard.read())[0]!.types);
  expect(types).toEqual(['image/png']);
  await dialog.getByRole('button', { name: `More copy formats for ${jpg}` }).click();
  await page.getByRole('menuitem', { name: 'Data URI', exact: true }).click();
  await expect(toast(page, 'Data URI Copied')).toBeVisible();
  expect(await clipboard(page)).toMatch(/^data:image\/jpeg;base64,\/9j\//);
});
