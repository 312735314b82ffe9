import pLimit from 'p-limit';
import { creditLine } from '../attribution.ts';
import {
  SHEET_BACKGROUNDS,
  SHEET_DEFAULTS,
  type SheetBackground,
  type SheetOptions,
} from '../sheet/sheet-options.ts';
import type { SheetInput, SheetResult } from '../sheet/svg-sheet.ts';
import type { SheetWorkerAnswer, SheetWorkerRequest } from '../sheet/sheet-request.ts';
import { isSvgLogo } from '../zip-names.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { getLogoFile } from '../api/get-logo-file.ts';

/* Consolidation as plain functions, tested without a browser; `useBatchDownload` runs it. */

export type SheetChoice = {
  columns: number;
  cellSize: number;
  captions: boolean;
  background: SheetBackground;
  output: 'svg' | 'png';
};

export const DEFAULT_SHEET_CHOICE: SheetChoice = {
  columns: SHEET_DEFAULTS.columns,
  cellSize: SHEET_DEFAULTS.cellSize,
  captions: SHEET_DEFAULTS.captions,
  background: 'white',
  output: 'svg',
};

/** The sheet builder's options for a choice (the output format does not change the layout). */
export function sheetOptionsOf({
  columns,
  cellSize,
  captions,
  background,
}: Omit<SheetChoice, 'output'>): Partial<SheetOptions> {
  return { columns, cellSize, captions, ...SHEET_BACKGROUNDS[background] };
}

type ConsolidationResult = {
  /** The sheet's SVG text; null (and 0 × 0) when no logo could be placed. */
  svg: string | null;
  width: number;
  height: number;
  included: number;
  /** SVG logos that could not be fetched or parsed, with the reason. */
  skipped: { title: string; reason: string }[];
};

const FETCH_CONCURRENCY = 4;

/** The selected logos that take part: only SVGs (the url or the title says svg). */
export function svgLogosOf(logos: readonly Logo[]): Logo[] {
  return logos.filter((logo) => isSvgLogo(logo));
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('The consolidation was cancelled.', 'AbortError');
}

type FetchedSvgs = { inputs: SheetInput[]; skipped: ConsolidationResult['skipped'] };

type FetchOptions = {
  fetchSvg?: (logo: Logo, signal?: AbortSignal) => Promise<string>;
  onProgress?: (progress: { done: number; total: number }) => void;
  signal?: AbortSignal;
};

/**
 * The sheet (or a composition) laid out in a worker where the platform has one, so the page stays
 * responsive while SVGO reads every logo (docs/decisions/040-zips-and-sheets-off-the-main-thread.md);
 * in place where it has not (Node: the unit tests). The builder (SVGO's parser, ~200 KB) loads
 * only then. Aborting ends the worker at once.
 */
export async function buildSheetOffThread(
  request: SheetWorkerRequest,
  signal: AbortSignal | undefined,
): Promise<SheetResult> {
  throwIfAborted(signal);
  if (typeof Worker === 'undefined') {
    const { buildRequested } = await import('../sheet/sheet-request.ts');
    return buildRequested(request);
  }
  const worker = new Worker(new URL('../sheet/sheet.worker.ts', import.meta.url), {
    type: 'module',
  });
  let onAbort = () => {};
  try {
    return await new Promise<SheetResult>((resolve, reject) => {
      worker.addEventListener('message', ({ data }: MessageEvent<SheetWorkerAnswer>) => {
        if ('sheet' in data) resolve(data.sheet);
        else reject(new Error(data.error));
      });
      worker.addEventListener('error', () =>
        reject(new Error('The sheet builder could not load.')),
      );
      onAbort = () => reject(new DOMException('The consolidation was cancelled.', 'AbortError'));
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.postMessage(request);
    });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    worker.terminate();
  }
}

/** The SVG logos' sources with their credit lines, a few at a time; a failed fetch skips one. */
export async function fetchSvgSources(
  logos: readonly Logo[],
  options: FetchOptions = {},
): Promise<FetchedSvgs> {
  const { signal, onProgress } = options;
  const fetchSvg =
    options.fetchSvg ?? (async (logo, s) => (await getLogoFile(logo.url, { signal: s })).text());
  throwIfAborted(signal);

  let done = 0;
  const fetched = await pLimit(FETCH_CONCURRENCY).map(logos, async (logo) => {
    let svg: string | null = null;
    try {
      if (!signal?.aborted) svg = await fetchSvg(logo, signal);
    } catch {
      svg = null;
    }
    onProgress?.({ done: ++done, total: logos.length });
    return { logo, svg };
  });
  throwIfAborted(signal);

  const skipped: ConsolidationResult['skipped'] = [];
  const inputs: SheetInput[] = [];
  for (const { logo, svg } of fetched) {
    if (svg === null) skipped.push({ title: logo.title, reason: 'The file could not be fetched.' });
    else inputs.push({ title: logo.title, svg, credit: creditLine(logo) });
  }
  return { inputs, skipped };
}

export async function buildSheet(
  fetched: FetchedSvgs,
  options: Partial<SheetOptions> = {},
  signal?: AbortSignal,
): Promise<ConsolidationResult> {
  const none = { svg: null, width: 0, height: 0, included: 0, skipped: [...fetched.skipped] };
  if (fetched.inputs.length === 0) return none;
  const sheet = await buildSheetOffThread({ inputs: fetched.inputs, options }, signal);
  const skipped = [...fetched.skipped, ...sheet.skipped];
  return sheet.included > 0 ? { ...sheet, skipped } : { ...none, skipped };
}

/** The SVG logos fetched and merged into one sheet; `onProgress` follows the fetches. */
export async function consolidateSvgLogos(
  logos: readonly Logo[],
  options: FetchOptions & { sheet?: Partial<SheetOptions> } = {},
): Promise<ConsolidationResult> {
  return buildSheet(await fetchSvgSources(logos, options), options.sheet, options.signal);
}
