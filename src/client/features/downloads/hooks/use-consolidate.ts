import pLimit from 'p-limit';
import { creditLine } from '../attribution.ts';
import {
  SHEET_BACKGROUNDS,
  SHEET_DEFAULTS,
  type SheetBackground,
  type SheetOptions,
} from '../sheet/sheet-options.ts';
import type { SheetInput } from '../sheet/svg-sheet.ts';
import { isSvgLogo } from '../zip-names.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { getLogoFile } from '../api/get-logo-file.ts';

/*
 * Consolidation (the selected SVGs merged into one sheet) as plain functions, so the rules can be
 * tested without a browser; `useBatchDownload` runs it and raises the toasts.
 */

type ConsolidationProgress = { done: number; total: number };

/** What the sheet dialog lets people choose; the defaults are the default sheet (sheet-options.ts). */
export type SheetChoice = {
  columns: number;
  cellSize: number;
  captions: boolean;
  background: SheetBackground;
  /** The sheet as an SVG file, or drawn as a PNG. */
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
export function sheetOptionsOf(
  choice: Pick<SheetChoice, 'columns' | 'cellSize' | 'captions' | 'background'>,
): Partial<SheetOptions> {
  return {
    columns: choice.columns,
    cellSize: choice.cellSize,
    captions: choice.captions,
    ...SHEET_BACKGROUNDS[choice.background],
  };
}

type ConsolidationResult = {
  /** The sheet's SVG text; null when no logo could be placed. */
  svg: string | null;
  /** The sheet's size in px (0 × 0 without a sheet). */
  width: number;
  height: number;
  /** Logos placed on the sheet. */
  included: number;
  /** SVG logos that could not be fetched or parsed, with the reason. */
  skipped: { title: string; reason: string }[];
};

/** How many SVG files are fetched at once. */
const FETCH_CONCURRENCY = 4;

/** The selected logos that take part: only SVGs (the url or the title says svg). */
export function svgLogosOf(logos: readonly Logo[]): Logo[] {
  return logos.filter((logo) => isSvgLogo(logo));
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('The consolidation was cancelled.', 'AbortError');
}

/** The SVG sources that could be fetched, ready for the sheet, and the logos that could not. */
type FetchedSvgs = {
  inputs: SheetInput[];
  skipped: ConsolidationResult['skipped'];
};

type FetchOptions = {
  fetchSvg?: (logo: Logo, signal?: AbortSignal) => Promise<string>;
  onProgress?: (progress: ConsolidationProgress) => void;
  signal?: AbortSignal;
  concurrency?: number;
};

// The sheet builder (SVGO's parser) is ~200 KB: loaded when someone consolidates, not with the
// search page.
function loadSheetBuilder() {
  const sheetModule = import('../sheet/svg-sheet.ts');
  sheetModule.catch(() => {});
  return sheetModule;
}

/**
 * Fetches the SVG logos' sources, a few at a time (a failed fetch skips that logo), each with its
 * credit line. `onProgress` follows the fetches.
 */
export async function fetchSvgSources(
  logos: readonly Logo[],
  options: FetchOptions = {},
): Promise<FetchedSvgs> {
  const { signal, onProgress } = options;
  const fetchSvg =
    options.fetchSvg ?? (async (logo, s) => (await getLogoFile(logo.url, { signal: s })).text());
  throwIfAborted(signal);
  // Loading starts now, so the builder arrives while the files are fetched.
  void loadSheetBuilder();

  let done = 0;
  const fetched = await pLimit(options.concurrency ?? FETCH_CONCURRENCY).map(
    logos,
    async (logo) => {
      let svg: string | null = null;
      try {
        if (!signal?.aborted) svg = await fetchSvg(logo, signal);
      } catch {
        svg = null;
      }
      onProgress?.({ done: ++done, total: logos.length });
      return { logo, svg };
    },
  );
  throwIfAborted(signal);

  const skipped: ConsolidationResult['skipped'] = [];
  const inputs: SheetInput[] = [];
  for (const { logo, svg } of fetched) {
    if (svg === null) skipped.push({ title: logo.title, reason: 'The file could not be fetched.' });
    else inputs.push({ title: logo.title, svg, credit: creditLine(logo) });
  }
  return { inputs, skipped };
}

/** Lays the fetched logos out as one sheet with the given options. */
export async function buildSheet(
  fetched: FetchedSvgs,
  options: Partial<SheetOptions> = {},
): Promise<ConsolidationResult> {
  const skipped = [...fetched.skipped];
  if (fetched.inputs.length === 0) return { svg: null, width: 0, height: 0, included: 0, skipped };
  const { buildSvgSheet } = await loadSheetBuilder();
  const sheet = buildSvgSheet(fetched.inputs, options);
  skipped.push(...sheet.skipped);
  return sheet.included > 0
    ? {
        svg: sheet.svg,
        width: sheet.width,
        height: sheet.height,
        included: sheet.included,
        skipped,
      }
    : { svg: null, width: 0, height: 0, included: 0, skipped };
}

/**
 * Fetches the SVG logos' sources and merges them into one sheet with each logo's credit line.
 * `onProgress` follows the fetches; the build is one synchronous step after them.
 */
export async function consolidateSvgLogos(
  logos: readonly Logo[],
  options: FetchOptions & { sheet?: Partial<SheetOptions> } = {},
): Promise<ConsolidationResult> {
  return buildSheet(await fetchSvgSources(logos, options), options.sheet);
}
