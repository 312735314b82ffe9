import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { BrowserContext, Download, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  shot,
  signUpThroughApi,
  test,
  waitForHydrationOnLoads,
} from './fixtures.ts';

/*
 * The logo wall (docs/product.md#logo-wall): names in, a balanced wall out, exported as SVG, PNG
 * or a zip by Premium users, and shared by its address. Names the stand-in knows, and one it
 * does not.
 */

const KNOWN = [
  'Google',
  'Apple',
  'Microsoft',
  'Netflix',
  'Spotify',
  'GitHub',
  'Mozilla',
  'Pepsi',
  'Wikipedia',
] as const;
const UNKNOWN = 'Nosuchcompany Xyzzy';

const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Commons' file host, offline: the stand-in serves every file path (tests/fakes/README.md). The
 * page's /api/files requests and its <image> requests go there; the wall route itself is real.
 */
async function serveFilesFromStandIn(context: BrowserContext) {
  const fromStandIn = async (fileUrl: string) => {
    const { pathname } = new URL(fileUrl);
    // The stand-in draws SVG files only; a raster file (a PNG logo, a thumbnail) is one pixel.
    if (!pathname.endsWith('.svg')) {
      return { status: 200, contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') };
    }
    const response = await fetch(`${process.env.E2E_FAKE_URL}${pathname}`);
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'image/svg+xml',
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  await context.route('**/api/files?**', async (route) => {
    const fileUrl = new URL(route.request().url()).searchParams.get('url') ?? '';
    if (!/^https:\/\/upload\.wikimedia\.org\//.test(fileUrl)) return route.continue();
    await route.fulfill(await fromStandIn(fileUrl));
  });
  await context.route(/^https:\/\/(upload|thumb)\.wikimedia\.org\//, async (route) =>
    route.fulfill(await fromStandIn(route.request().url())),
  );
}

const toasts = (page: Page) => page.getByRole('region', { name: /notifications/i });

async function downloadedBytes(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile(await download.path()));
}

async function makeWall(page: Page, names: readonly string[]) {
  await page.getByRole('textbox', { name: 'Company names' }).fill(names.join('\n'));
  await page.getByRole('button', { name: 'Make wall' }).click();
}

async function expectWallOf(page: Page, found: number, total: number) {
  await expect(
    page.getByText(new RegExp(`^Found logos for ${found} of ${total} names`)),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: `Preview of the wall: ${found} logos` }),
  ).toBeVisible();
}

test.describe('logo wall', () => {
  test('a Premium user pastes ten names, changes a logo and exports a one-colour balanced wall; its link opens the same wall', async ({
    page,
    context,
    signInAsPremium,
  }) => {
    // Three exports and a second browser: on a busy 2-core runner this takes over a minute.
    test.setTimeout(150_000);
    await signInAsPremium();
    await serveFilesFromStandIn(context);
    await page.goto('/wall');
    await expect(page).toHaveTitle('Logo Wall - WikiLogos');
    await makeWall(page, [...KNOWN, UNKNOWN]);
    await expectWallOf(page, 9, 10);

    const rows = page.getByRole('list', { name: 'Logos on the wall' }).getByRole('listitem');
    await expect(rows).toHaveCount(10);
    await expect(rows.filter({ hasText: UNKNOWN })).toContainText('No logo found');

    // Change Google's logo for another of those found.
    const google = rows.filter({ hasText: 'Google' }).first();
    const before = await google.locator('span.line-clamp-1').innerText();
    await page.getByRole('button', { name: 'Change logo for Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the logo for Google' });
    const other = dialog.getByRole('button', { pressed: false }).first();
    const picked = (await other.locator('span.line-clamp-2').innerText()).trim();
    expect(picked).not.toBe(before);
    await other.click();
    await expect(dialog).toBeHidden();
    await expect(google).toContainText(picked);
    await expect(page.getByRole('button', { name: 'Change logo for Google' })).toBeFocused();

    // One colour, fully balanced (the default), on a transparent background.
    await page.getByRole('radio', { name: 'One colour' }).click();
    await page.getByRole('radio', { name: 'Transparent background' }).click();
    await expect(page.getByRole('slider', { name: 'Balance sizes' })).toHaveAttribute(
      'aria-valuetext',
      'Same visual weight',
    );
    await shot(page, 'wall-desktop', { fullPage: true });

    // SVG: every logo drawn, in one colour, with the credits in its metadata.
    const svgDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download SVG' }).click();
    const svgFile = await svgDownload;
    expect(svgFile.suggestedFilename()).toBe('logo-wall.svg');
    const svg = strFromU8(await downloadedBytes(svgFile));
    expect(svg).toContain('<metadata>');
    expect(svg).toContain('via Wikimedia Commons');
    expect(svg).toContain('<feFlood flood-color="#52525b"/>');
    expect(svg).toContain(picked);
    const viewer = await context.newPage();
    await viewer.setContent(svg.replace(/^<\?xml[^>]*>\s*/, ''));
    // Each logo's group is in one colour and draws something (its shapes, or a raster image).
    const drawn = await viewer.evaluate(() => {
      const groups = [...document.querySelectorAll('svg > g[filter="url(#wall-colour)"]')];
      return groups.filter((g) => g.querySelector('path, rect, circle, polygon, image')).length;
    });
    expect(drawn).toBe(9);
    // And it decodes as a picture, as an <img> would show it.
    const decoded = await viewer.evaluate(async (text) => {
      const image = new Image();
      image.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
      await image.decode();
      return image.naturalWidth;
    }, svg);
    expect(decoded).toBeGreaterThan(0);
    await viewer.close();

    // PNG at the asked width.
    await page.getByRole('textbox', { name: 'PNG width (px)' }).fill('1600');
    const pngDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    const png = await downloadedBytes(await pngDownload);
    const width = new DataView(png.buffer, png.byteOffset).getUint32(16);
    expect(width).toBe(1600);

    // The zip: each logo's file with ATTRIBUTION.md.
    const zipDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download files (.zip)' }).click();
    const zip = unzipSync(await downloadedBytes(await zipDownload));
    const names = Object.keys(zip);
    expect(names).toContain('ATTRIBUTION.md');
    expect(names.filter((name) => name.endsWith('.svg') || name.endsWith('.png'))).toHaveLength(9);
    expect(strFromU8(zip['ATTRIBUTION.md']!)).toContain(picked.replace(/_/g, '\\_'));

    // The address holds the wall: a colleague opening it sees the same logos and settings.
    await expect(page).toHaveURL(/[?&]files=/);
    const shared = page.url();
    const theirs = await context.browser()!.newContext({ baseURL: new URL(shared).origin });
    await serveFilesFromStandIn(theirs);
    const colleague = await theirs.newPage();
    waitForHydrationOnLoads(colleague);
    await colleague.goto(shared);
    await expectWallOf(colleague, 9, 10);
    const theirRows = colleague
      .getByRole('list', { name: 'Logos on the wall' })
      .getByRole('listitem');
    await expect(theirRows.nth(0)).toContainText(picked);
    await expect(colleague.getByRole('radio', { name: 'One colour' })).toBeChecked();
    await theirs.close();
  });

  test('a logo added from a search card joins the wall; a free user is asked to upgrade when exporting', async ({
    page,
  }) => {
    await signUpThroughApi(page, 'free');
    await page.goto('/wall?names=Google%0AApple');
    await expectWallOf(page, 2, 2);
    await page.goto('/search?q=mozilla&fileType=svg');
    await page.getByRole('button', { name: 'Add to wall: Mozilla logo', exact: true }).click();
    await toasts(page).getByRole('button', { name: 'Open wall' }).click();
    await expectWallOf(page, 3, 3);
    await expect(
      page.getByRole('list', { name: 'Logos on the wall' }).getByRole('listitem').nth(2),
    ).toContainText('Mozilla logo');
    await page.getByRole('button', { name: 'Download SVG' }).click();
    await expect(toasts(page).getByText('Premium Subscription Required')).toBeVisible();
    await expect(toasts(page).getByRole('button', { name: 'Upgrade' })).toBeVisible();
  });
});

test.describe('logo wall on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reorders by keyboard, fits 390 px in dark mode, and has no serious accessibility problems @mobile', async ({
    page,
    darkTheme,
  }) => {
    await darkTheme();
    await page.goto('/wall?names=Google%0AApple%0ANetflix');
    await expectWallOf(page, 3, 3);
    const rows = page.getByRole('list', { name: 'Logos on the wall' }).getByRole('listitem');

    await page.getByRole('button', { name: 'Move Google down' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(rows.nth(1)).toContainText('Google');
    await expect(page.getByText('Google moved to position 2 of 3.')).toBeAttached();
    // Focus stays with the row that moved.
    await page.keyboard.press('Alt+ArrowDown');
    await expect(rows.nth(2)).toContainText('Google');
    await page.getByRole('button', { name: 'Move Netflix up' }).click();
    await expect(rows.nth(0)).toContainText('Netflix');
    await expect(page).toHaveURL(/names=Netflix%0AApple%0AGoogle/);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'wall-mobile-dark', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
