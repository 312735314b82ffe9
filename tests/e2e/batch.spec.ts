import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Page, Route } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  expect,
  expectNoSeriousA11yViolations,
  showHomeExamples,
  signUpThroughApi,
  test,
  shot,
} from './fixtures.ts';

// Batch mode is Premium (docs/product.md#batch-download). 'apple' finds three Commons files
// (unreachable offline: the file proxy answers 502 for them) and seven bundled Simple Icons served
// by WikiLogos itself, so the batches below use the bundled ones and run without the network.

const PICKED = ['Apple', 'Apple TV', 'Apple Pay'] as const;
const BATCH_PREMIUM = 'Batch downloading is a premium feature. Please upgrade to use this feature.';

const results = (page: Page) => page.getByRole('list', { name: 'Results for apple' });
const batchSwitch = (page: Page) => page.getByRole('switch', { name: 'Batch Select' });
const panel = (page: Page) => page.getByRole('region', { name: 'Batch download', exact: true });
const bottomBar = (page: Page) => page.getByRole('region', { name: 'Batch download bar' });
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

function cardButton(page: Page, title: string) {
  return results(page).getByRole('button', { name: title, exact: true });
}

async function openResults(page: Page) {
  await page.goto('/search?q=apple&fileType=svg');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/results for "apple"/);
  await expect(cardButton(page, 'Apple Pay')).toBeVisible();
}

async function pickLogos(page: Page) {
  await batchSwitch(page).click();
  await expect(batchSwitch(page)).toBeChecked();
  await expect(panel(page).getByText('0 selected')).toBeVisible();
  for (const title of PICKED) await cardButton(page, title).click();
  await expect(panel(page).getByText('3 selected')).toBeVisible();
}

/**
 * The addresses of the workers the page starts: the zip and the sheet are written in one, so the
 * page stays responsive (docs/decisions/040-zips-and-sheets-off-the-main-thread.md).
 */
function watchWorkers(page: Page): string[] {
  const urls: string[] = [];
  page.on('worker', (worker) => urls.push(worker.url()));
  return urls;
}

/** Holds matching requests until `release()`, so the progress can be looked at mid-way. */
async function holdRequests(page: Page, url: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

async function downloadedBytes(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile(await download.path()));
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function expectBatchZip(download: Download, names: readonly string[], zipName: string) {
  expect(download.suggestedFilename()).toBe(zipName);
  const entries = unzipSync(await downloadedBytes(download));
  expect(Object.keys(entries).sort()).toEqual([...names, 'ATTRIBUTION.md', 'manifest.json'].sort());

  const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as {
    files: { fileName: string; sha256: string; title: string; bytes: number }[];
  };
  expect(manifest.files.map((file) => file.fileName)).toEqual(names);
  for (const file of manifest.files) {
    const bytes = entries[file.fileName]!;
    expect(file.sha256, file.fileName).toBe(sha256(bytes));
    expect(file.bytes).toBe(bytes.byteLength);
    expect(strFromU8(bytes)).toContain('<svg');
  }
  const attribution = strFromU8(entries['ATTRIBUTION.md']!);
  for (const file of manifest.files) expect(attribution).toContain(file.title);
}

test.describe('batch mode is Premium', () => {
  test('a guest who flips Batch Select is asked to sign in, and the switch stays off', async ({
    page,
  }) => {
    await openResults(page);
    await batchSwitch(page).click();
    await expect(toasts(page).getByText('Sign in to download in batches')).toBeVisible();
    await expect(batchSwitch(page)).not.toBeChecked();
    await expect(panel(page)).toBeHidden();

    await toasts(page).getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(
      `/auth?redirect=${encodeURIComponent('/search?q=apple&fileType=svg')}`,
    );

    // The server refuses a guest's batch whatever the page shows.
    const response = await page.request.post('/api/downloads/batch', {
      data: { logos: [{ url: '/api/icons/apple.svg', title: 'Apple' }] },
    });
    expect(response.status()).toBe(401);
  });

  test("a free user gets 'Premium Subscription Required' with Upgrade, and the server refuses a hand-made batch", async ({
    page,
  }) => {
    await signUpThroughApi(page, 'free');
    await openResults(page);

    await batchSwitch(page).click();
    await expect(toasts(page).getByText('Premium Subscription Required')).toBeVisible();
    await expect(toasts(page).getByText(BATCH_PREMIUM)).toBeVisible();
    await expect(batchSwitch(page)).not.toBeChecked();
    await expect(panel(page)).toBeHidden();
    await toasts(page).getByRole('button', { name: 'Upgrade' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();

    const response = await page.request.post('/api/downloads/batch', {
      data: {
        logos: [
          { url: '/api/icons/apple.svg', title: 'Apple', fileType: 'svg' },
          { url: '/api/icons/appletv.svg', title: 'Apple TV', fileType: 'svg' },
        ],
      },
    });
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(BATCH_PREMIUM);
  });
});

test.describe('Premium batches', () => {
  test('cards toggle, Download Batch shows its progress and saves wikilogos_batch.zip with attribution and manifest', async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await openResults(page);
    await pickLogos(page);

    // A click on a selected card unselects it; a second click selects it again.
    const appleTv = cardButton(page, 'Apple TV');
    await appleTv.click();
    await expect(appleTv).toHaveAttribute('aria-pressed', 'false');
    await expect(panel(page).getByText('2 selected')).toBeVisible();
    await appleTv.click();
    await expect(appleTv).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(page).getByText('3 selected')).toBeVisible();

    // Apple TV's file waits: the bar stops at the two files that are in (2 of 3 of the fetch share).
    const release = await holdRequests(page, /\/api\/files\?.*appletv/);
    const workers = watchWorkers(page);
    const downloading = page.waitForEvent('download');
    await panel(page).getByRole('button', { name: 'Download Batch' }).click();

    await expect(panel(page).getByRole('button', { name: 'Preparing Download...' })).toBeVisible();
    const progress = panel(page).getByRole('progressbar', { name: 'Batch download progress' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '63');
    await expect(panel(page).getByText('63% complete')).toBeVisible();
    await shot(panel(page), 'batch-panel-progress-desktop');
    release();

    // Entries follow the order the logos were picked in (Apple TV was picked again last).
    const download = await downloading;
    await expectBatchZip(
      download,
      ['apple.svg', 'apple_pay.svg', 'apple_tv.svg'],
      'wikilogos_batch.zip',
    );
    expect(workers).toEqual([expect.stringMatching(/\/zip\.worker-[\w-]+\.js$/)]);

    await expect(toasts(page).getByText('Batch download complete')).toBeVisible();
    await expect(toasts(page).getByText('Successfully downloaded 3 logos.')).toBeVisible();
    // After success the selection clears, and the bar goes back to 0 and away.
    await expect(panel(page).getByText('0 selected')).toBeVisible();
    await expect(cardButton(page, 'Apple')).toHaveAttribute('aria-pressed', 'false');
    await expect(panel(page).getByRole('button', { name: 'Download Batch' })).toBeVisible();
    await expect(progress).toBeHidden();
  });

  test('a file that cannot be fetched is skipped and counted in the toast', async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await openResults(page);
    await pickLogos(page);
    // A Commons file: unreachable from the offline test server, so the proxy fails.
    await cardButton(page, 'Apple logo black').click();
    await expect(panel(page).getByText('4 selected')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await panel(page).getByRole('button', { name: 'Download Batch' }).click();
    await expectBatchZip(
      await downloading,
      ['apple.svg', 'apple_tv.svg', 'apple_pay.svg'],
      'wikilogos_batch.zip',
    );
    await expect(
      toasts(page).getByText(
        'Successfully downloaded 3 logos. 1 logo could not be fetched and was skipped.',
      ),
    ).toBeVisible();
  });

  test('with Consolidate SVGs on, Download Batch saves one sheet with every logo and its caption', async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await openResults(page);
    await batchSwitch(page).click();
    // The switch appears once something is selected.
    await expect(panel(page).getByRole('switch', { name: 'Consolidate SVGs' })).toBeHidden();
    for (const title of PICKED) await cardButton(page, title).click();
    const consolidate = panel(page).getByRole('switch', { name: 'Consolidate SVGs' });
    await expect(consolidate).toBeVisible();
    await expect(panel(page).getByText('Combine all SVG logos into a single file!')).toBeVisible();
    await consolidate.click();
    await expect(consolidate).toBeChecked();

    const workers = watchWorkers(page);
    const downloading = page.waitForEvent('download');
    await panel(page).getByRole('button', { name: 'Download Batch' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^consolidated_logos-\d{4}-\d{2}-\d{2}\.svg$/);
    const text = strFromU8(await downloadedBytes(download));

    const sheet = await page.evaluate((svg) => {
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      const root = doc.documentElement;
      const groups = [...root.children].filter((node) => node.localName === 'g');
      return {
        root: root.localName,
        errors: doc.getElementsByTagName('parsererror').length,
        width: root.getAttribute('width'),
        titles: groups.map((g) => g.querySelector(':scope > title')?.textContent ?? ''),
        captions: groups.map((g) => g.querySelector('text')?.textContent ?? ''),
        metadata: root.querySelector('metadata')?.textContent ?? '',
      };
    }, text);
    expect(sheet.root).toBe('svg');
    expect(sheet.errors).toBe(0);
    expect(sheet.width).toBe(String(3 * 184));
    expect(sheet.titles).toEqual([...PICKED]);
    expect(sheet.captions).toEqual([...PICKED]);
    expect(sheet.metadata).toContain('Apple Pay');
    expect(workers).toEqual([expect.stringMatching(/\/sheet\.worker-[\w-]+\.js$/)]);

    await expect(toasts(page).getByText('SVG consolidation complete')).toBeVisible();
    await expect(
      toasts(page).getByText('Successfully combined 3 logos into a single SVG file.'),
    ).toBeVisible();
    await expect(panel(page).getByText('0 selected')).toBeVisible();
  });

  test('turning batch mode off clears the selection; Download Batch is disabled while nothing is selected', async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await openResults(page);
    const download = panel(page).getByRole('button', { name: 'Download Batch' });
    await batchSwitch(page).click();
    await expect(download).toBeDisabled();
    await shot(panel(page), 'batch-panel-nothing-selected');
    await cardButton(page, 'Apple').click();
    await expect(panel(page).getByText('1 selected')).toBeVisible();
    await expect(download).toBeEnabled();
    await batchSwitch(page).click();
    await expect(panel(page)).toBeHidden();
    await batchSwitch(page).click();
    await expect(panel(page).getByText('0 selected')).toBeVisible();
    await expect(download).toBeDisabled();
    // The grid's Shift+D with nothing selected says why nothing happens.
    await cardButton(page, 'Apple').focus();
    await page.keyboard.press('Shift+D');
    await expect(toasts(page).getByText('No logos selected')).toBeVisible();
    await expect(
      toasts(page).getByText('Please select at least one logo to download.'),
    ).toBeVisible();
  });

  test('the home samples download as WikiLogos_batch_download.zip', async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await page.goto('/');
    await showHomeExamples(page);
    const examples = page.getByRole('list', { name: 'Popular logo examples' });
    await expect(examples.getByRole('listitem')).toHaveCount(9);
    await batchSwitch(page).click();
    await panel(page).getByRole('button', { name: 'Select All' }).click();
    await expect(panel(page).getByText('9 selected')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await panel(page).getByRole('button', { name: 'Download Batch' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('WikiLogos_batch_download.zip');
    const entries = unzipSync(await downloadedBytes(download));
    expect(Object.keys(entries)).toHaveLength(11);
    await expect(toasts(page).getByText('Download Complete')).toBeVisible();
    await expect(toasts(page).getByText('Successfully downloaded 9 logos.')).toBeVisible();
  });
});

for (const device of ['desktop', 'phone'] as const) {
  const tag = device === 'phone' ? ' @mobile' : '';
  test(`the bottom bar stands in for the panel once it scrolls away, and downloads the batch (${device})${tag}`, async ({
    page,
    signInAsPremium,
  }) => {
    await signInAsPremium();
    await openResults(page);
    await pickLogos(page);
    // With the panel in view there is no bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(panel(page)).toBeInViewport();
    await expect(bottomBar(page)).toBeHidden();
    await shot(panel(page), `batch-panel-${device}`);

    // Scroll the panel out of view.
    await cardButton(page, 'Apple Podcasts').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = bottomBar(page);
    await expect(bar).toBeVisible();
    await expect(bar.getByText('3 selected')).toBeVisible();
    await expect(bar.getByRole('switch', { name: 'Consolidate SVGs' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Clear' })).toBeVisible();

    // It does not cover the end of the page: the footer ends above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.getByRole('contentinfo').boundingBox();
    const barBox = await bar.boundingBox();
    expect(footer && barBox && footer.y + footer.height <= barBox.y + 1).toBe(true);
    await shot(page, `batch-bottom-bar-${device}`);

    const release = await holdRequests(page, /\/api\/files\?/);
    const downloading = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Download Batch' }).click();
    await expect(bar.getByRole('button', { name: 'Preparing Download...' })).toBeVisible();
    await expect(bar.getByRole('progressbar', { name: 'Batch download progress' })).toBeVisible();
    await shot(page, `batch-bottom-bar-progress-${device}`);
    release();
    await expectBatchZip(
      await downloading,
      ['apple.svg', 'apple_tv.svg', 'apple_pay.svg'],
      'wikilogos_batch.zip',
    );
    await expect(bar.getByText('0 selected')).toBeVisible();

    // Back at the panel, the bar goes away; with batch mode off it never shows.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();
    await batchSwitch(page).click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeHidden();
  });
}

test('the batch panel, its progress and the bottom bar have no serious accessibility problems', async ({
  page,
  signInAsPremium,
}) => {
  await signInAsPremium();
  await openResults(page);
  await pickLogos(page);
  await expect(panel(page).getByRole('switch', { name: 'Consolidate SVGs' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const release = await holdRequests(page, /\/api\/files\?/);
  const downloading = page.waitForEvent('download');
  await panel(page).getByRole('button', { name: 'Download Batch' }).click();
  await expect(panel(page).getByRole('progressbar')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  release();
  await downloading;

  await cardButton(page, 'Apple').click();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bottomBar(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
