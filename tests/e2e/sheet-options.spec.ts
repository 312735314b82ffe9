import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { strFromU8 } from 'fflate';
import { expect, expectNoSeriousA11yViolationsInBothThemes, test, shot } from './fixtures.ts';

// The configurable sheet (docs/product.md#consolidated-sheet): before consolidating, a dialog sets
// the columns, the cell size, the captions, the background and SVG or PNG, with a live preview. The
// 'apple' search's Simple Icons are served by WikiLogos itself, so it runs offline.

const PICKED = ['Apple', 'Apple TV', 'Apple Pay'] as const;

const results = (page: Page) => page.getByRole('list', { name: 'Results for apple' });
const panel = (page: Page) => page.getByRole('region', { name: 'Batch download', exact: true });
const sheetDialog = (page: Page) => page.getByRole('dialog', { name: 'Sheet options' });

async function consolidateThree(page: Page, signInAsPremium: () => Promise<unknown>) {
  await signInAsPremium();
  await page.goto('/search?q=apple&fileType=svg');
  await expect(results(page).getByRole('button', { name: 'Apple Pay', exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Batch Select' }).click();
  for (const title of PICKED) {
    await results(page).getByRole('button', { name: title, exact: true }).click();
  }
  await expect(panel(page).getByText('3 selected')).toBeVisible();
  // Sheet options belong to consolidation: they show once it is on, in place of the zip format.
  await expect(panel(page).getByRole('button', { name: 'Sheet options' })).toBeHidden();
  await panel(page).getByRole('switch', { name: 'Consolidate SVGs' }).click();
  await expect(panel(page).getByRole('radiogroup', { name: 'Format', exact: true })).toBeHidden();
}

async function openSheetOptions(page: Page) {
  await panel(page).getByRole('button', { name: 'Sheet options' }).click();
  const dialog = sheetDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: /^Preview of the sheet/ })).toBeVisible();
  return dialog;
}

async function bytesOf(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile(await download.path()));
}

/** The saved SVG sheet as a browser reads it. */
async function readSheet(page: Page, svg: string) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    const background = [...root.children].find((node) => node.localName === 'rect');
    return {
      errors: doc.getElementsByTagName('parsererror').length,
      width: root.getAttribute('width'),
      height: root.getAttribute('height'),
      viewBox: root.getAttribute('viewBox'),
      texts: [...root.querySelectorAll('text')].map((node) => node.textContent),
      background: background?.getAttribute('fill') ?? null,
      cells: [...root.children].filter((node) => node.localName === 'g').length,
    };
  }, svg);
}

/** The preview image: the real sheet, decoded by the browser at the sheet's own size. */
const preview = (page: Page) =>
  sheetDialog(page).getByRole('img', { name: /^Preview of the sheet/ });

test('the sheet dialog previews the layout and the saved SVG follows the columns and captions', async ({
  page,
  signInAsPremium,
}) => {
  await consolidateThree(page, signInAsPremium);
  const dialog = await openSheetOptions(page);

  // The default sheet (docs/product.md#consolidated-sheet): 3 columns of 184 px, captions, white, SVG.
  await expect(dialog.getByRole('radio', { name: '3 columns' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: '184 px' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Captions' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'White', exact: true })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'SVG', exact: true })).toBeChecked();
  await expect(dialog.getByText('SVG, 552 × 184 px')).toBeVisible();
  await expect(preview(page)).toHaveJSProperty('naturalWidth', 552);
  await expect(preview(page)).toHaveJSProperty('naturalHeight', 184);
  await expect(dialog.getByRole('button', { name: 'Restore defaults' })).toBeDisabled();

  // One column, no captions, dark: the preview follows each change.
  await dialog.getByRole('radio', { name: '1 column', exact: true }).click();
  await dialog.getByRole('switch', { name: 'Captions' }).click();
  await dialog.getByRole('radio', { name: 'Dark', exact: true }).click();
  await expect(dialog.getByText('SVG, 184 × 552 px')).toBeVisible();
  await expect(preview(page)).toHaveJSProperty('naturalWidth', 184);
  await expect(preview(page)).toHaveJSProperty('naturalHeight', 552);
  await expect(
    dialog.getByRole('img', { name: 'Preview of the sheet: 3 logos in 1 column' }),
  ).toBeVisible();
  await shot(dialog, 'sheet-options-desktop');

  const saving = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download sheet' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^consolidated_logos-\d{4}-\d{2}-\d{2}\.svg$/);
  const sheet = await readSheet(page, strFromU8(await bytesOf(download)));
  expect(sheet).toEqual({
    errors: 0,
    width: '184',
    height: '552',
    viewBox: '0 0 184 552',
    texts: [],
    background: '#18181b',
    cells: 3,
  });
  // Done: the dialog closes and the batch is over, as with Download Batch.
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Successfully combined 3 logos into a single SVG file.', { exact: true }),
  ).toBeVisible();
  await expect(panel(page).getByText('0 selected')).toBeVisible();
});

test('the chosen options stay for Download Batch, and PNG output saves a PNG of the sheet', async ({
  page,
  signInAsPremium,
}) => {
  await consolidateThree(page, signInAsPremium);
  let dialog = await openSheetOptions(page);
  await dialog.getByRole('radio', { name: '2 columns' }).click();
  await dialog.getByRole('radio', { name: '256 px' }).click();
  await expect(dialog.getByText('SVG, 512 × 512 px')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Download Batch uses the choices made in the dialog.
  let saving = page.waitForEvent('download');
  await panel(page).getByRole('button', { name: 'Download Batch' }).click();
  const sheet = await readSheet(page, strFromU8(await bytesOf(await saving)));
  expect(sheet).toMatchObject({ width: '512', height: '512', cells: 3, background: '#ffffff' });
  expect(sheet.texts).toEqual([...PICKED]);

  // PNG, transparent: drawn at twice the sheet's size.
  for (const title of PICKED) {
    await results(page).getByRole('button', { name: title, exact: true }).click();
  }
  dialog = await openSheetOptions(page);
  await expect(dialog.getByRole('radio', { name: '2 columns' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Transparent', exact: true }).click();
  await dialog.getByRole('radio', { name: 'PNG', exact: true }).click();
  await expect(dialog.getByText('PNG, 1024 × 1024 px')).toBeVisible();
  saving = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download sheet' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toMatch(/^consolidated_logos-\d{4}-\d{2}-\d{2}\.png$/);
  const bytes = await bytesOf(download);
  expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect({ width: view.getUint32(16), height: view.getUint32(20) }).toEqual({
    width: 1024,
    height: 1024,
  });
  await expect(
    page.getByText('Successfully combined 3 logos into a single PNG file.', { exact: true }),
  ).toBeVisible();

  // Restore defaults brings the default sheet back.
  await results(page).getByRole('button', { name: 'Apple', exact: true }).click();
  dialog = await openSheetOptions(page);
  await dialog.getByRole('button', { name: 'Restore defaults' }).click();
  await expect(dialog.getByRole('radio', { name: '3 columns' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'SVG', exact: true })).toBeChecked();
});

test('the sheet dialog has no serious accessibility problems (light and dark themes)', async ({
  page,
  signInAsPremium,
}) => {
  await consolidateThree(page, signInAsPremium);
  const dialog = await openSheetOptions(page);
  await shot(dialog, `sheet-options`);
  await expectNoSeriousA11yViolationsInBothThemes(page);
});

test('the sheet dialog fits a phone and works with the keyboard @mobile', async ({
  page,
  signInAsPremium,
}) => {
  await consolidateThree(page, signInAsPremium);
  const dialog = await openSheetOptions(page);
  // Focus starts inside the dialog; Tab reaches the columns, arrows pick one.
  await dialog.getByRole('radio', { name: '3 columns' }).focus();
  await page.keyboard.press('ArrowRight');
  const four = dialog.getByRole('radio', { name: '4 columns' });
  await expect(four).toBeFocused();
  await page.keyboard.press('Space');
  await expect(four).toBeChecked();
  await expect(dialog.getByText('SVG, 736 × 184 px')).toBeVisible();
  await shot(page, 'sheet-options-phone');
  await dialog.getByRole('button', { name: 'Download sheet' }).scrollIntoViewIfNeeded();
  await shot(page, 'sheet-options-phone-bottom');
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
});
