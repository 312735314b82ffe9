import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { buildSvgSheet } from '../../src/client/features/downloads/sheet/svg-sheet.ts';
import { expect, test } from './fixtures.ts';

/*
 * The consolidated sheet as a browser draws it (docs/product.md#consolidated-sheet): two logos that
 * both define a gradient with id="a" (red through fill="url(#a)", blue through a <style> rule) and
 * a solid green one. If ids leaked between logos, the blue cell would be painted with the red
 * gradient.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/svg/${name}`, import.meta.url), 'utf8');

const sheet = buildSvgSheet([
  { title: 'Red gradient', svg: fixture('gradient-red-a.svg') },
  { title: 'Blue gradient', svg: fixture('gradient-blue-a.svg') },
  { title: 'Solid green', svg: fixture('solid-green.svg') },
]);

type Rgb = [number, number, number];

/** Screenshots `target` and reads the screenshot's pixels at sheet coordinates (decoded in the page). */
async function screenshotPixels(page: Page, target: Locator, points: [number, number][]) {
  const png = await target.screenshot();
  return page.evaluate(
    async ({ base64, points, sheetWidth }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const scale = bitmap.width / sheetWidth;
      return points.map(([x, y]) => {
        const [r, g, b] = context.getImageData(
          Math.round(x * scale),
          Math.round(y * scale),
          1,
          1,
        ).data;
        return [r, g, b] as [number, number, number];
      });
    },
    { base64: png.toString('base64'), points, sheetWidth: sheet.width },
  );
}

// Centres of the three logos (cell x + 92, logo top 12 + 72) and two background points.
const points: [number, number][] = [
  [92, 84],
  [276, 84],
  [460, 84],
  [3, 3],
  [276, 182],
];

function expectSheetColours([red, blue, green, corner, gutter]: Rgb[]) {
  const colours = { red, blue, green, corner, gutter };
  expect.soft(red![0], `cell 1 is red ${JSON.stringify(colours)}`).toBeGreaterThan(180);
  expect.soft(Math.max(red![1], red![2]), 'cell 1 is red').toBeLessThan(60);
  expect.soft(blue![2], `cell 2 is blue ${JSON.stringify(colours)}`).toBeGreaterThan(180);
  expect.soft(Math.max(blue![0], blue![1]), 'cell 2 is blue').toBeLessThan(60);
  expect.soft(green![1], `cell 3 is green ${JSON.stringify(colours)}`).toBeGreaterThan(120);
  expect.soft(Math.max(green![0], green![2]), 'cell 3 is green').toBeLessThan(60);
  for (const white of [corner!, gutter!]) {
    expect
      .soft(Math.min(...white), `background is white ${JSON.stringify(colours)}`)
      .toBeGreaterThan(245);
  }
}

test.describe('consolidated SVG sheet', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 600 });
  });

  test('renders every logo in its own cell with its own gradient, as a standalone file', async ({
    page,
  }) => {
    expect(sheet).toMatchObject({ width: 552, height: 184, included: 3, skipped: [] });
    const src = `data:image/svg+xml;base64,${Buffer.from(sheet.svg).toString('base64')}`;
    await page.setContent(
      `<!doctype html><body style="margin:0;background:#808080"><img alt="sheet" src="${src}"></body>`,
    );
    const image = page.getByRole('img', { name: 'sheet' });
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(552);

    expectSheetColours(await screenshotPixels(page, image, points));
  });

  test('renders the same when the sheet is pasted inline into an HTML page', async ({ page }) => {
    await page.setContent(
      `<!doctype html><body style="margin:0;background:#808080">${sheet.svg.replace(/^<\?xml[^>]*>\s*/, '')}</body>`,
    );
    const inline = page.locator('body > svg');
    await expect(inline).toBeVisible();

    expectSheetColours(await screenshotPixels(page, inline, points));
    // The captions are text, in the padding under each logo.
    await expect(inline.locator('text')).toHaveText([
      'Red gradient',
      'Blue gradient',
      'Solid green',
    ]);
  });
});
