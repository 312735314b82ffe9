// The browser half of `npm run bench`: the batch zip and the SVG consolidation, timed inside
// Debian's Chromium on the real client code (bundled here with Vite's build API), never in Node.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build, type Rollup } from 'vite';
import type { Logo } from '#shared/search/search.schemas.ts';
import { root } from '../scripts/client-build.ts';
import type {
  BenchApi,
  BenchFile,
  SheetBenchResult,
  ZipBenchResult,
} from './browser/bench-page.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ms, type Row } from './bench-lib.ts';
import { appLongTaskRows } from './browser/app-long-tasks.ts';

const ZIP_LOGOS = 100;
const SHEET_LOGOS = 50;
const WARMUPS = 2;
const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 9);

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// --- Inputs: real Simple Icons plus generated Commons-style logos, the same on every run.

function prng(seed: number) {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/**
 * A logo shaped like the heavy ones on Commons (Inkscape/Illustrator exports): sizes in mm, a
 * <style> block with classes, gradients and a clip path whose ids are the usual 'a', 'b', 'c' (so
 * every logo clashes with every other), nested groups with transforms, `<use>` references, and a
 * few hundred curved paths.
 */
function commonsStyleSvg(seed: number, paths: number): string {
  const random = prng(seed);
  const n = (scale: number) => (random() * scale).toFixed(2);
  const colour = () =>
    `#${Math.floor(random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;
  const curve = () => {
    let d = `M${n(400)} ${n(160)}`;
    for (let i = 0; i < 6; i++) d += `c${n(30)} ${n(30)} ${n(30)} -${n(30)} ${n(40)} ${n(20)}`;
    return `${d}z`;
  };
  const body: string[] = [];
  for (let g = 0; g < paths / 25; g++) {
    body.push(
      `<g transform="translate(${n(20)} ${n(20)}) rotate(${n(10)}) scale(0.${Math.floor(random() * 9) + 1})">`,
    );
    for (let i = 0; i < 25; i++) {
      const fill = i % 7 === 0 ? 'url(#a)' : i % 11 === 0 ? 'url(#b)' : colour();
      body.push(
        i % 5 === 0
          ? `<path class="st${i % 3}" d="${curve()}"/>`
          : `<path fill="${fill}" stroke="${colour()}" stroke-width="${n(2)}" d="${curve()}"/>`,
      );
    }
    body.push('</g>');
  }
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<!-- Created with Inkscape (http://www.inkscape.org/) -->',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
      `version="1.1" width="${Math.round(100 + random() * 200)}mm" height="${Math.round(40 + random() * 80)}mm" viewBox="0 0 400 160">`,
    '<title>Commons-style logo</title>',
    `<style>.st0{fill:url(#a);}.st1{fill:${colour()};stroke:url(#b)}.st2{fill:none;stroke:${colour()};stroke-width:1.5}</style>`,
    '<defs>',
    `<linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient>`,
    `<radialGradient id="b" xlink:href="#a" cx="200" cy="80" r="120" gradientUnits="userSpaceOnUse"/>`,
    `<clipPath id="c"><rect width="400" height="160" rx="${n(20)}"/></clipPath>`,
    `<path id="d" d="${curve()}"/>`,
    '</defs>',
    `<g clip-path="url(#c)">`,
    ...body,
    '<use xlink:href="#d" fill="url(#a)"/>',
    '<use href="#d" transform="translate(40 10)" fill="url(#b)"/>',
    '</g>',
    '</svg>',
  ].join('\n');
}

function benchLogo(title: string, url: string, fileType: Logo['fileType']): Logo {
  return {
    title,
    url,
    thumbUrl: null,
    fileType,
    dateAdded: null,
    description: null,
    size: null,
    width: null,
    height: null,
    license: 'CC BY-SA 4.0',
    sourceUrl: `https://commons.wikimedia.org/wiki/File:${encodeURIComponent(title)}`,
    searchTerm: 'bench',
    source: 'commons',
    author: 'WikiLogos bench',
    licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
    attributionRequired: true,
    trademarked: true,
    official: false,
    historical: false,
    brandColor: null,
    guidelinesUrl: null,
  };
}

const iconDir = path.join(root, 'node_modules/simple-icons/icons');
/** `count` Simple Icons spread over the whole (alphabetical) set. */
function simpleIcons(count: number, offset: number): { slug: string; svg: string }[] {
  const all = readdirSync(iconDir)
    .filter((f) => f.endsWith('.svg'))
    .sort();
  const step = Math.floor(all.length / count);
  return Array.from({ length: count }, (_, i) => {
    const file = all[(offset + i * step) % all.length]!;
    return { slug: file.slice(0, -4), svg: readFileSync(path.join(iconDir, file), 'utf8') };
  });
}

/**
 * 100 logos as a batch download sees them: 80 Simple Icons (every tenth title repeated, as two
 * logos of one brand are), 10 heavy Commons-style SVGs, 10 PNGs of 20–200 KB.
 */
function zipBenchFiles(): BenchFile[] {
  const random = prng(2026);
  const icons = simpleIcons(80, 7);
  const files: BenchFile[] = icons.map(({ slug, svg }, i) => {
    const title = `${i % 10 === 9 ? icons[i - 1]!.slug : slug} logo`;
    return {
      kind: 'svg',
      svg,
      logo: benchLogo(
        title,
        `https://upload.wikimedia.org/wikipedia/commons/a/ab/${slug}_${i}.svg`,
        'svg',
      ),
    };
  });
  for (let i = 0; i < 10; i++)
    files.push({
      kind: 'svg',
      svg: commonsStyleSvg(100 + i, 150 + 25 * i),
      logo: benchLogo(
        `Commons style ${i} logo`,
        `https://upload.wikimedia.org/wikipedia/commons/c/cd/Commons_${i}.svg`,
        'svg',
      ),
    });
  for (let i = 0; i < 10; i++)
    files.push({
      kind: 'png',
      size: Math.round(20_000 + random() * 180_000),
      seed: 500 + i,
      logo: benchLogo(
        `Raster ${i} logo`,
        `https://upload.wikimedia.org/wikipedia/commons/e/ef/Raster_${i}.png`,
        'png',
      ),
    });
  // Interleave the kinds, as a real selection would.
  return files
    .map((file, i) => ({ file, key: (i * 37) % files.length }))
    .sort((a, b) => a.key - b.key)
    .map(({ file }) => file)
    .slice(0, ZIP_LOGOS);
}

/** 50 logos for one sheet: 40 Simple Icons and 10 heavy Commons-style SVGs. */
function sheetBenchLogos() {
  return [
    ...simpleIcons(40, 3).map(({ slug, svg }) => ({
      title: `${slug} logo`,
      svg,
      credit: `${slug}, via Simple Icons, CC0`,
    })),
    ...Array.from({ length: 10 }, (_, i) => ({
      title: `Commons style ${i} logo`,
      svg: commonsStyleSvg(900 + i, 150 + 25 * i),
      credit: `"Commons style ${i} logo" by WikiLogos bench, via Wikimedia Commons, CC BY-SA 4.0`,
    })),
  ].slice(0, SHEET_LOGOS);
}

// --- The page: the bench entry bundled like the client is (Vite, browser conditions, ES modules,
// every chunk and asset served as its own file, as `vite build` emits them for the app).

/** Every file of the bench page's bundle by URL path: `/bench.js` and what it loads. */
async function bundleBenchPage(): Promise<Map<string, string | Uint8Array>> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      // An ES module, as the app's own bundle. Not an iife: it has no import.meta.url, so a
      // `new Worker(new URL('./x.ts', import.meta.url))` in the client code would build to a URL
      // that throws (Vite replaces import.meta with {} there) and the bench would not notice.
      lib: {
        entry: path.join(root, 'bench/browser/bench-page.ts'),
        formats: ['es'],
        fileName: () => 'bench.js',
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const files = new Map<string, string | Uint8Array>();
  for (const file of outputs.flatMap((o) => o.output))
    files.set(`/${file.fileName}`, file.type === 'chunk' ? file.code : file.source);
  if (!files.has('/bench.js')) throw new Error('The bench page bundle is empty.');
  return files;
}

/**
 * The app's Content-Security-Policy as far as scripts go (src/server/plugins/security.ts: no
 * inline script, no eval), with workers held to 'self' alone, stricter than the app's 'self' blob:.
 */
const BENCH_CSP = "default-src 'self'; script-src 'self'; worker-src 'self'; object-src 'none'";

/** Serves the page on 127.0.0.1: crypto.subtle (the zip's SHA-256) needs a secure context. */
async function servePage(
  files: Map<string, string | Uint8Array>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = files.get(req.url ?? '');
    if (file !== undefined && req.url?.endsWith('.js')) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
    } else {
      res
        .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': BENCH_CSP })
        .end(
          '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/bench.js"></script>',
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function browserBenchRows(): Promise<Row[]> {
  if (!existsSync(CHROMIUM_PATH)) {
    // Like scripts/test.ts for the journeys: say so plainly rather than measure something else.
    const reason = `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;
    return [
      {
        figure: `Zip ${ZIP_LOGOS} logos in Chromium: JSZip ÷ buildLogoZip`,
        value: reason,
        budget: 'reported',
        pass: 'not run',
      },
      {
        figure: `Consolidate ${SHEET_LOGOS} SVG logos in Chromium`,
        value: reason,
        budget: '≤ 300 ms',
        pass: 'not run',
      },
    ];
  }
  const page = await servePage(await bundleBenchPage());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let zip: ZipBenchResult;
  let sheet: SheetBenchResult;
  // Anything the page's Content-Security-Policy refused: a zip that only works without the app's
  // CSP would not count.
  const cspViolations: string[] = [];
  try {
    // A fresh tab for each bench, so neither inherits the other's garbage or JIT state.
    const openTab = async () => {
      const tab = await browser.newPage();
      tab.on('console', (message) => {
        if (/content security policy/i.test(message.text())) cspViolations.push(message.text());
      });
      await tab.goto(page.url);
      await tab.waitForFunction(() => 'wikiLogosBench' in globalThis);
      return tab;
    };
    type BenchWindow = typeof globalThis & { wikiLogosBench: BenchApi };
    sheet = await (
      await openTab()
    ).evaluate((input) => (globalThis as BenchWindow).wikiLogosBench.sheetBench(input), {
      logos: sheetBenchLogos(),
      warmups: WARMUPS,
      runs: RUNS,
    });
    zip = await (
      await openTab()
    ).evaluate((input) => (globalThis as BenchWindow).wikiLogosBench.zipBench(input), {
      files: zipBenchFiles(),
      warmups: WARMUPS,
      runs: RUNS,
    });
  } finally {
    await browser.close();
    await page.close();
  }

  const fflate = median(zip.fflateMs);
  const jszip = median(zip.jszipMs);
  const jszipStored = median(zip.jszipStoredPngMs);
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
  const ratio = jszip / fflate;
  const sheetMs = median(sheet.ms);
  const zipOf = `Zip ${ZIP_LOGOS} logos (${mb(zip.inputBytes)}) in Chromium`;
  return [
    {
      figure: `${zipOf}: buildLogoZip (fflate), median of ${RUNS}`,
      value: `${ms(fflate)} → ${mb(zip.fflateBytes)}`,
      budget: 'reported',
      pass: null,
    },
    {
      figure: `${zipOf}: JSZip, as the original app, median of ${RUNS}`,
      value: `${ms(jszip)} → ${mb(zip.jszipBytes)}`,
      budget: 'reported',
      pass: null,
    },
    {
      figure: `Zip ${ZIP_LOGOS} logos: JSZip time ÷ buildLogoZip time`,
      value: `${ratio.toFixed(1)}×${zip.added === ZIP_LOGOS ? '' : `, only ${zip.added} logos in the zip`}`,
      // Reported: the zip is written in a worker, so the page stays responsive, and handing the
      // files over costs some of the lead (docs/decisions/040-zips-and-sheets-off-the-main-thread.md).
      budget: 'reported',
      pass: null,
    },
    {
      figure: `Zip ${ZIP_LOGOS} logos: CSP refusals in the bench page (script-src 'self')`,
      value: `${cspViolations.length}${cspViolations.length ? `: ${cspViolations[0]}` : ''}`,
      budget: '0',
      pass: cspViolations.length === 0,
    },
    {
      figure: `Zip ${ZIP_LOGOS} logos: JSZip storing the PNGs too ÷ buildLogoZip`,
      value: `${(jszipStored / fflate).toFixed(1)}×`,
      budget: 'reported',
      pass: null,
    },
    {
      figure: `Consolidate ${SHEET_LOGOS} SVG logos (${sheet.included} placed) in Chromium, median of ${RUNS}`,
      value: ms(sheetMs),
      budget: '≤ 300 ms',
      pass: sheetMs <= 300 && sheet.included === SHEET_LOGOS,
    },
    // --- The same zip and sheet built in the real app: does the page stay responsive?
    ...(await appLongTaskRows(appLongTaskInput())),
  ];
}

/** The zip's and the sheet's files for the app's long-task rows (bench/browser/app-long-tasks.ts). */
export function appLongTaskInput() {
  return {
    zipFiles: zipBenchFiles(),
    sheetFiles: sheetBenchLogos().map(({ title, svg }, i) => ({
      kind: 'svg' as const,
      svg,
      logo: benchLogo(
        title,
        `https://upload.wikimedia.org/wikipedia/commons/5/5e/Sheet_${i}.svg`,
        'svg',
      ),
    })),
  };
}
