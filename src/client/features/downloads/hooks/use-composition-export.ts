import pLimit from 'p-limit';
import { toast } from '#client/components/ui/use-toast.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { getLogoFile } from '../api/get-logo-file.ts';
import { creditLine } from '../attribution.ts';
import { renderSvgImage } from '../raster/render-image.ts';
import { saveFile } from '../save-file.ts';
import type { ComposedLogo, CompositionOptions } from '../sheet/svg-compose.ts';
import { isSvgLogo } from '../zip-names.ts';
import { plural } from './batch-messages.ts';
import { buildSheetOffThread } from './use-consolidate.ts';
import { useProgressRun, useRecordBatch } from './use-progress-run.ts';

/*
 * Exporting a composition the page laid out (the logo wall): one SVG, one PNG, or a zip of the
 * files. Premium, decided by the server as for a batch: the logos are recorded first through
 * POST /api/downloads/batch, whose 401 or 403 stops the export with the batch's own prompts.
 */

export type CompositionOutput = 'svg' | 'png' | 'zip';

export type Composition = {
  /** The logos in order with the box each is drawn in. */
  logos: { logo: Logo; box: ComposedLogo['box'] }[];
} & Omit<CompositionOptions, 'title'>;

/** The widest PNG offered: print-sized, and within what a browser can draw. */
export const MAX_COMPOSITION_PNG_WIDTH = 8000;
const MIN_COMPOSITION_PNG_WIDTH = 100;
const FETCH_CONCURRENCY = 4;
const FETCH_SHARE = 80;
const TITLE = 'Logo wall made with WikiLogos';
const FILE_BASE = 'logo-wall';

/** The credit lines of the composition's logos, numbered in the wall's order. */
export function compositionCredits(logos: readonly Logo[]): string {
  return logos.map((logo, index) => `${index + 1}. ${creditLine(logo)}`).join('\n');
}

/** A whole number of px from 100 to 8,000 as typed, or null. */
export function parsePngWidth(text: string): number | null {
  const width = Number(text.trim());
  return /^\d+$/.test(text.trim()) &&
    width >= MIN_COMPOSITION_PNG_WIDTH &&
    width <= MAX_COMPOSITION_PNG_WIDTH
    ? width
    : null;
}

const RASTER_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

async function dataUrlOf(blob: Blob, mime: string): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode with a whole file's bytes as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${mime};base64,${btoa(binary)}`;
}

/** Each logo's file, a few at a time; a logo that cannot be fetched is left out, with its title. */
async function fetchSources(
  composition: Composition,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Promise<{ logos: ComposedLogo[]; failed: string[] }> {
  let done = 0;
  const total = composition.logos.length;
  const fetched = await pLimit(FETCH_CONCURRENCY).map(composition.logos, async ({ logo, box }) => {
    let source: ComposedLogo['source'] | null = null;
    try {
      const blob = await getLogoFile(logo.url, { signal });
      if (isSvgLogo(logo)) source = { svg: await blob.text() };
      else if (RASTER_MIME[logo.fileType]) {
        source = { dataUrl: await dataUrlOf(blob, RASTER_MIME[logo.fileType]!) };
      }
    } catch {
      source = null;
    }
    onProgress(++done, total);
    return { logo, box, source };
  });
  if (signal.aborted) throw new DOMException('The export was cancelled.', 'AbortError');
  const logos: ComposedLogo[] = [];
  const failed: string[] = [];
  for (const { logo, box, source } of fetched) {
    if (source) logos.push({ title: logo.title, credit: creditLine(logo), box, source });
    else failed.push(logo.title);
  }
  return { logos, failed };
}

function fail(title: string, description?: string): false {
  toast({ variant: 'destructive', title, description });
  return false;
}

type SetProgress = (percent: number) => void;

/** The files in a zip with ATTRIBUTION.md; true when it was saved. */
async function saveZip(composition: Composition, signal: AbortSignal, setProgress: SetProgress) {
  const { buildLogoZip, fetchLogoBytes } = await import('../logo-zip.ts');
  const zip = await buildLogoZip(
    composition.logos.map(({ logo }) => logo),
    {
      fetchFile: fetchLogoBytes,
      concurrency: FETCH_CONCURRENCY,
      signal,
      onProgress: ({ done, total }) => setProgress(Math.round((done / total) * 95)),
    },
  );
  if (zip.added === 0) return fail('Download failed', 'None of the logos could be fetched.');
  saveFile(zip.blob, `${FILE_BASE}.zip`);
  const failed = zip.failed.length;
  toast({
    title: 'Logo files downloaded',
    description: `${plural(zip.added, 'logo', 'logos')} with ATTRIBUTION.md.${failed ? ` ${plural(failed, 'logo', 'logos')} could not be fetched.` : ''}`,
  });
  return true;
}

/** The wall drawn as one SVG (credits in its metadata) or PNG; true when it was saved. */
async function savePicture(
  composition: Composition,
  output: 'svg' | 'png',
  pngWidth: number,
  signal: AbortSignal,
  setProgress: SetProgress,
) {
  const { logos, failed } = await fetchSources(composition, signal, (done, total) =>
    setProgress(Math.max(1, Math.round((done / total) * FETCH_SHARE))),
  );
  const { width, height, background, filter } = composition;
  const built = await buildSheetOffThread(
    { composition: { logos, options: { width, height, background, filter, title: TITLE } } },
    signal,
  );
  if (built.included === 0) return fail('The wall could not be made', 'No logo could be placed.');
  let file = new Blob([built.svg], { type: 'image/svg+xml' });
  if (output === 'png') {
    try {
      file = await renderSvgImage({
        svg: built.svg,
        format: 'png',
        width: pngWidth,
        background: null,
      });
    } catch (error) {
      return fail(
        'Failed to draw the wall as PNG',
        error instanceof Error ? error.message : undefined,
      );
    }
  }
  if (signal.aborted) throw new DOMException('The export was cancelled.', 'AbortError');
  saveFile(file, `${FILE_BASE}.${output}`);
  const left = failed.length + built.skipped.length;
  toast({
    title: output === 'png' ? 'Wall saved as PNG' : 'Wall saved as SVG',
    description: `${plural(built.included, 'logo', 'logos')}, with their credit lines${output === 'svg' ? ' in the file' : ''}.${left ? ` ${plural(left, 'logo was', 'logos were')} left out.` : ''}`,
  });
  return true;
}

type ExportRun = { composition: Composition; output: CompositionOutput; pngWidth: number };

/**
 * The composition's export, one at a time, with its progress (0–100, read with
 * `progress.use()`). Leaving the page cancels a run.
 */
export function useCompositionExport() {
  const recordLogos = useRecordBatch();

  /** Recorded, or refused by the server (false: the person was told why). */
  const record = async (
    composition: Composition,
    output: CompositionOutput,
    signal: AbortSignal,
  ): Promise<boolean> =>
    (await recordLogos(
      {
        logos: composition.logos.map(({ logo }) => ({
          url: logo.url,
          title: logo.title,
          fileType: output === 'png' ? 'png' : logo.fileType,
        })),
        consolidated: output !== 'zip',
      },
      signal,
    )) !== false;

  const { start, busy, progress, variables } = useProgressRun<ExportRun>({
    work: async ({ composition, output, pngWidth }, signal, setProgress) => {
      if (!(await record(composition, output, signal))) return false;
      setProgress(1);
      const saved =
        output === 'zip'
          ? await saveZip(composition, signal, setProgress)
          : await savePicture(composition, output, pngWidth, signal, setProgress);
      if (saved) setProgress(100);
      return saved;
    },
    onSettled: (_saved, error) => {
      if (error) fail('Download failed', error instanceof Error ? error.message : undefined);
    },
  });

  const run = (composition: Composition, output: CompositionOutput, pngWidth: number) =>
    composition.logos.length === 0
      ? Promise.resolve(false)
      : start({ composition, output, pngWidth });

  return { run, busy, progress, output: variables?.output };
}
