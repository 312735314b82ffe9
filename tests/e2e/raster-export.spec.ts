import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  expect,
  expectNoSeriousA11yViolationsInBothThemes,
  showHomeExamples,
  signUpThroughApi,
  test,
  shot,
} from './fixtures.ts';

// Raster export (docs/product.md#raster-export) as a designer uses it: open a logo, export it as a
// PNG, WebP or JPG of a chosen size, and get batch zips with PNGs in them. The home page's examples
// and the 'apple' search's Simple Icons are served by WikiLogos itself, so everything runs offline.

const examples = (page: Page) => page.getByRole('list', { name: 'Popular logo examples' });

async function openDetails(page: Page, title: string) {
  await page.goto('/');
  await showHomeExamples(page);
  await examples(page).getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openExport(dialog: Locator) {
  await dialog.getByRole('button', { name: /^Export as image/ }).click();
  await expect(dialog.getByRole('radiogroup', { name: 'Format', exact: true })).toBeVisible();
}

async function bytesOf(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile(await download.path()));
}

/** A PNG's pixel size, from its IHDR chunk (the first chunk, right after the 8-byte signature). */
function pngSize(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(strFromU8(bytes.subarray(12, 16))).toBe('IHDR');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Decodes an image file in the page (as any viewer would) and reads its size and some pixels. */
async function decode(page: Page, bytes: Uint8Array, points: [number, number][]) {
  return page.evaluate(
    async ({ base64, points }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data]));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return {
        width: bitmap.width,
        height: bitmap.height,
        pixels: points.map(([x, y]) => [...context.getImageData(x, y, 1, 1).data]),
      };
    },
    { base64: Buffer.from(bytes).toString('base64'), points },
  );
}

test.describe('export as image', () => {
  test('a free user exports a 1024 px PNG: the file is 1024 px wide and counts as one download', async ({
    page,
  }) => {
    await signUpThroughApi(page, 'raster');
    const dialog = await openDetails(page, 'GitHub');
    await expect(dialog.getByText('10 of 10 downloads left this month')).toBeVisible();

    await openExport(dialog);
    await dialog.getByRole('radio', { name: 'PNG', exact: true }).click();
    await dialog.getByLabel('Width', { exact: true }).selectOption('1024');
    await expect(dialog.getByText('The image will be 1024 × 1024 px.')).toBeVisible();
    await shot(dialog, 'raster-export-desktop');

    const saving = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export PNG of GitHub' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('github_1024.png');
    const bytes = await bytesOf(download);
    expect(pngSize(bytes)).toEqual({ width: 1024, height: 1024 });
    // Transparent around the mark; GitHub's near-black ring drawn crisp near its top (at 2.5 of the
    // icon's 24 units); the Octocat cut out of the middle.
    const { pixels } = await decode(page, bytes, [
      [2, 2],
      [512, 107],
      [512, 512],
    ]);
    expect(pixels[0]![3]).toBe(0);
    expect(pixels[1]).toEqual([0x18, 0x17, 0x17, 255]);
    expect(pixels[2]![3]).toBe(0);

    // One download used, and the history says what was saved.
    await expect(dialog.getByText('9 of 10 downloads left this month')).toBeVisible();
    const history = await page.request.get('/api/user/downloads');
    const rows = ((await history.json()) as { history: { logoTitle: string; fileType: string }[] })
      .history;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ logoTitle: 'GitHub', fileType: 'png' });
  });

  test('a JPG at a custom width with padding gets a white background, since JPG has no transparency', async ({
    page,
  }) => {
    await signUpThroughApi(page, 'rasterjpg');
    const dialog = await openDetails(page, 'Discord');
    await openExport(dialog);

    await dialog.getByRole('radio', { name: 'JPG', exact: true }).click();
    const background = dialog.getByRole('radiogroup', { name: 'Background', exact: true });
    await expect(background.getByRole('radio', { name: 'Transparent' })).toBeDisabled();
    await expect(background.getByRole('radio', { name: 'White' })).toBeChecked();
    await expect(
      dialog.getByText('JPG has no transparency, so the image gets a background colour.'),
    ).toBeVisible();

    await dialog.getByLabel('Width', { exact: true }).selectOption('custom');
    const custom = dialog.getByRole('spinbutton', { name: 'Custom width in pixels' });
    await custom.fill('5000');
    await expect(dialog.getByText('Enter a whole number of pixels from 16 to 4096.')).toBeVisible();
    await expect(custom).toHaveAttribute('aria-invalid', 'true');
    await custom.fill('300');
    await dialog.getByRole('radio', { name: '10% padding' }).click();
    await expect(dialog.getByText('The image will be 300 × 300 px.')).toBeVisible();

    const saving = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export JPG of Discord' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('discord_300.jpg');
    const bytes = await bytesOf(download);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = await decode(page, bytes, [
      [5, 5],
      [150, 150],
    ]);
    expect(image).toMatchObject({ width: 300, height: 300 });
    // The 30 px padding is white; Discord's blurple fills the middle.
    for (const channel of image.pixels[0]!.slice(0, 3)) expect(channel).toBeGreaterThan(245);
    expect(image.pixels[1]![2]).toBeGreaterThan(image.pixels[1]![0]! + 60);
    await expect(dialog.getByText('9 of 10 downloads left this month')).toBeVisible();
  });

  test('a user with no downloads left cannot export, and is told why', async ({ page }) => {
    await signUpThroughApi(page, 'rasterlimit');
    await page.goto('/');
    await showHomeExamples(page);
    for (let index = 1; index <= 10; index += 1) {
      const response = await page.request.post('/api/downloads/track', {
        data: { logoUrl: `/api/icons/e2e-raster-${index}.svg`, logoTitle: 'E2E', fileType: 'svg' },
      });
      expect(response.status()).toBe(200);
    }
    await examples(page).getByRole('button', { name: 'Airbnb', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Airbnb' });
    await openExport(dialog);
    const button = dialog.getByRole('button', { name: 'Export PNG of Airbnb' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(
      /You've reached your download limit for this month\./,
    );
  });

  test('the export controls have no serious accessibility problems (light and dark themes)', async ({
    page,
  }) => {
    const dialog = await openDetails(page, 'GitHub');
    await openExport(dialog);
    await dialog
      .getByRole('radiogroup', { name: 'Background', exact: true })
      .getByRole('radio', { name: 'Custom' })
      .click();
    await expect(dialog.getByLabel('Custom background colour')).toBeVisible();
    await dialog.getByRole('button', { name: 'Export PNG of GitHub' }).scrollIntoViewIfNeeded();
    await shot(dialog, `raster-export`);
    await expectNoSeriousA11yViolationsInBothThemes(page);
  });

  test('the export controls work with the keyboard on a phone @mobile', async ({ page }) => {
    const dialog = await openDetails(page, 'GitHub');
    const trigger = dialog.getByRole('button', { name: /^Export as image/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // Tab into the format group, move to WebP with the arrow keys and choose it.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('radio', { name: 'PNG', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const webp = dialog.getByRole('radio', { name: 'WebP' });
    await expect(webp).toBeFocused();
    await page.keyboard.press('Space');
    await expect(webp).toBeChecked();
    await dialog.getByLabel('Width', { exact: true }).selectOption('256');
    await dialog.getByRole('button', { name: 'Export WebP of GitHub' }).scrollIntoViewIfNeeded();
    await shot(page, 'raster-export-phone');

    const saving = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export WebP of GitHub' }).focus();
    await page.keyboard.press('Enter');
    const download = await saving;
    expect(download.suggestedFilename()).toBe('github_256.webp');
    const bytes = await bytesOf(download);
    expect(strFromU8(bytes.subarray(8, 12))).toBe('WEBP');
    expect(await decode(page, bytes, [])).toMatchObject({ width: 256, height: 256 });
  });
});

test.describe('batch zips with PNG', () => {
  test("'SVG + PNG' puts each SVG and its 512 px PNG in the zip, each listed in the manifest", async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await page.goto('/search?q=apple&fileType=svg');
    const results = page.getByRole('list', { name: 'Results for apple' });
    await expect(results.getByRole('button', { name: 'Apple Pay', exact: true })).toBeVisible();

    await page.getByRole('switch', { name: 'Batch Select' }).click();
    const panel = page.getByRole('region', { name: 'Batch download', exact: true });
    for (const title of ['Apple', 'Apple TV']) {
      await results.getByRole('button', { name: title, exact: true }).click();
    }
    await expect(panel.getByText('2 selected')).toBeVisible();
    const format = panel.getByRole('radiogroup', { name: 'Format', exact: true });
    await expect(format.getByRole('radio', { name: 'SVG', exact: true })).toBeChecked();
    await format.getByRole('radio', { name: 'SVG + PNG' }).click();
    await expect(format.getByRole('radio', { name: 'SVG + PNG' })).toBeChecked();
    await shot(panel, 'batch-format-desktop');

    const saving = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download Batch' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toBe('wikilogos_batch.zip');
    const entries = unzipSync(await bytesOf(download));
    expect(Object.keys(entries).sort()).toEqual(
      [
        'apple.svg',
        'apple_512.png',
        'apple_tv.svg',
        'apple_tv_512.png',
        'ATTRIBUTION.md',
        'manifest.json',
      ].sort(),
    );
    expect(strFromU8(entries['apple.svg']!)).toContain('<svg');
    expect(pngSize(entries['apple_512.png']!)).toEqual({ width: 512, height: 512 });
    expect(pngSize(entries['apple_tv_512.png']!).width).toBe(512);

    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as {
      files: { fileName: string; title: string }[];
    };
    expect(manifest.files.map((file) => file.fileName)).toEqual([
      'apple.svg',
      'apple_512.png',
      'apple_tv.svg',
      'apple_tv_512.png',
    ]);
    expect(strFromU8(entries['ATTRIBUTION.md']!)).toContain('`apple_tv_512.png`');
    await expect(page.getByText('Successfully downloaded 2 logos.', { exact: true })).toBeVisible();
  });

  test("'PNG (512 px)' saves only PNGs and records them as PNG in the history", async ({
    page,
    grantPremium,
  }) => {
    // An account of its own: the history below must hold this batch alone.
    await grantPremium((await signUpThroughApi(page, 'rasterpng')).id);
    await page.goto('/');
    await showHomeExamples(page);
    await expect(examples(page).getByRole('listitem')).toHaveCount(9);
    await page.getByRole('switch', { name: 'Batch Select' }).click();
    const panel = page.getByRole('region', { name: 'Batch download', exact: true });
    await examples(page).getByRole('button', { name: 'GitHub', exact: true }).click();
    await panel.getByRole('radio', { name: 'PNG (512 px)' }).click();

    const saving = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download Batch' }).click();
    const entries = unzipSync(await bytesOf(await saving));
    expect(Object.keys(entries).sort()).toEqual([
      'ATTRIBUTION.md',
      'github_512.png',
      'manifest.json',
    ]);
    expect(pngSize(entries['github_512.png']!)).toEqual({ width: 512, height: 512 });

    const history = await page.request.get('/api/user/downloads');
    const rows = ((await history.json()) as { history: { fileType: string }[] }).history;
    expect(rows.map((row) => row.fileType)).toEqual(['png']);
  });
});
