// The search box's names matched in the browser (docs/decisions/038-names-matched-in-the-browser.md):
// how big the names are on the wire, and how soon a keypress shows a matching suggestion, in
// Debian's Chromium on the real server with the built client.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { buildClient, clientBuildIsStale } from '../scripts/client-build.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ms, startBenchServer, type Row } from './bench-lib.ts';
import { median } from './browser-bench.ts';

/** One keypress per run, each the first letter of catalogue names, into an empty box. */
const KEYS = ['g', 's', 'n', 'f', 'd'];
const TYPING_FIGURE = `Typing a catalogue name → matching suggestion visible (from the keydown), median of ${KEYS.length}`;
const SIZE_FIGURE = "Search box's catalogue names (GET /api/search/names), gzip";

/** The bytes the server sends for a path when the browser accepts gzip. */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          res.headers['content-encoding'] === 'gzip'
            ? resolve(bytes)
            : reject(new Error(`${url} was not compressed`)),
        );
      })
      .on('error', reject);
  });
}

/**
 * Median time from a keydown to an option for it in the list, in a fresh tab; `withNames` false
 * blocks the names, so the box falls back to the server's suggestions (the way it was before).
 */
async function timeKeypresses(
  browser: Browser,
  url: string,
  withNames: boolean,
): Promise<{ times: number[]; suggestRequests: number }> {
  const page = await browser.newPage();
  try {
    if (!withNames) await page.route('**/api/search/names', (route) => route.abort());
    let suggestRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/search/suggest')) suggestRequests++;
    });
    await page.goto(url);
    const box = page.getByRole('combobox', { name: 'Search logos' });
    // As the journeys do (tests/e2e/fixtures.ts): the box works once the app has taken over.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Used once, the box loads the names; from then on the runs below are what a visitor feels.
    const names = page.waitForRequest((r) => r.url().endsWith('/api/search/names'));
    await box.focus();
    const request = await names;
    if (withNames) await (await request.response())?.finished();
    await box.pressSequentially('goo');
    await page.getByRole('option').first().waitFor();
    // Only the measured keypresses count (the names may still be parsing during the warm-up).
    suggestRequests = 0;
    const times: number[] = [];
    for (const key of ['a', ...KEYS]) {
      await box.fill('');
      await page.getByRole('option').first().waitFor({ state: 'detached' });
      // In the page: the time at the keydown, then the first moment an option for it is in the
      // document (a MutationObserver runs before the next paint).
      await page.evaluate((letter) => {
        const timing = new Promise<number>((resolve) => {
          let start = 0;
          addEventListener('keydown', () => (start = performance.now()), {
            capture: true,
            once: true,
          });
          const shown = () =>
            [...document.querySelectorAll('[role="listbox"] [role="option"]')].some((option) =>
              option.textContent.trim().toLowerCase().startsWith(letter),
            );
          const observer = new MutationObserver(() => {
            if (start && shown()) {
              observer.disconnect();
              resolve(performance.now() - start);
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
        Object.assign(globalThis, { typingBench: timing });
      }, key);
      await box.press(key);
      const elapsed = await page.evaluate(
        () => (globalThis as typeof globalThis & { typingBench: Promise<number> }).typingBench,
      );
      // The first run ('a') warms the page up and is not counted.
      if (key !== 'a') times.push(elapsed);
    }
    return { times, suggestRequests };
  } finally {
    await page.close();
  }
}

export async function typingBenchRows(): Promise<Row[]> {
  if (!existsSync(CHROMIUM_PATH)) {
    const value = `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;
    return [{ figure: TYPING_FIGURE, value, budget: '≤ 100 ms', pass: 'not run' }];
  }
  if (clientBuildIsStale()) buildClient('missing or older than its sources');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wikilogos-bench-typing-'));
  // The catalogue alone: suggestions never reach Wikimedia.
  const server = await startBenchServer({ DATA_DIR: dataDir, LOGO_SOURCES: 'simple-icons' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const namesBytes = await gzipBytes(`${server.url}/api/search/names`);
    const local = await timeKeypresses(browser, server.url, true);
    const served = await timeKeypresses(browser, server.url, false);
    const times = local.times;
    const typing = median(times);
    return [
      {
        figure: SIZE_FIGURE,
        value: `${(namesBytes / 1024).toFixed(1)} KB`,
        budget: '≤ 30 KB',
        pass: namesBytes <= 30 * 1024,
      },
      {
        figure: `${TYPING_FIGURE} (runs ${times.map((t) => t.toFixed(0)).join(', ')} ms; suggestion requests: ${local.suggestRequests})`,
        value: ms(typing),
        budget: '≤ 100 ms',
        pass: typing <= 100,
      },
      {
        figure: `The same with the names blocked: the server's suggestions, after the box's pause (runs ${served.times.map((t) => t.toFixed(0)).join(', ')} ms)`,
        value: ms(median(served.times)),
        budget: 'reported',
        pass: null,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
