import { useState } from 'react';
import { toast } from '#client/components/ui/use-toast.ts';
import {
  MAX_BATCH_LOGOS,
  type BatchDownloadResponse,
} from '#shared/downloads/downloads.schemas.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { renderSvgBytesToPng, renderSvgImage } from '../raster/render-image.ts';
import { sheetRasterWidth } from '../raster/raster-plan.ts';
import { saveFile } from '../save-file.ts';
import { zipRecordedFileType, type ZipFormat } from '../zip-names.ts';
import { consolidatedSheetName } from '../zip-names.ts';
import {
  BATCH_COPY,
  BATCH_TOASTS,
  batchCompleteText,
  consolidationCompleteText,
  type BatchKind,
} from './batch-messages.ts';
import { isAbort, useProgressRun, useRecordBatch } from './use-progress-run.ts';
import {
  DEFAULT_SHEET_CHOICE,
  consolidateSvgLogos,
  sheetOptionsOf,
  svgLogosOf,
  type SheetChoice,
} from './use-consolidate.ts';

const ZIP_FETCH_CONCURRENCY = 4;
/** The bar's share for the fetches; the rest is writing the zip or sheet (drawing a PNG is work). */
const FETCH_SHARE = 95;
const PNG_SHEET_FETCH_SHARE = 80;

type Run = {
  logos: Logo[];
  consolidate: boolean;
  zipFormat: ZipFormat;
  sheetChoice: SheetChoice;
  signal: AbortSignal;
};

type SetProgress = (percent: number) => void;

function fail(toastText: { title: string; description?: string }): false {
  toast({ variant: 'destructive', ...toastText });
  return false;
}

/** Fetch progress as `share`% of the bar at most. */
const progressIn =
  (share: number, setProgress: SetProgress) =>
  ({ done, total }: { done: number; total: number }) =>
    setProgress(Math.max(1, Math.round((done / total) * share)));

/** The selected logos as one zip, once recorded; true when it was saved. */
async function saveZip(
  run: Run,
  kind: BatchKind,
  answer: BatchDownloadResponse | null,
  setProgress: SetProgress,
): Promise<boolean> {
  const copy = BATCH_COPY[kind];
  // fflate and the zip code load on the first batch, not with the page.
  const { buildLogoZip, fetchLogoBytes } = await import('../logo-zip.ts');
  const zip = await buildLogoZip(run.logos, {
    fetchFile: fetchLogoBytes,
    format: run.zipFormat,
    renderPng: renderSvgBytesToPng,
    concurrency: ZIP_FETCH_CONCURRENCY,
    signal: run.signal,
    onProgress: progressIn(FETCH_SHARE, setProgress),
  });
  if (zip.added === 0) return fail({ title: copy.failedTitle, description: copy.failedText });
  saveFile(zip.blob, copy.zipName);
  setProgress(100);
  const text = batchCompleteText(zip.added, zip.failed.length, answer, zip.notRendered.length);
  toast({ title: copy.doneTitle, description: text });
  return true;
}

/** The selected SVG logos, once recorded, merged into one sheet (SVG or PNG); true when saved. */
async function saveSheet(run: Run, svgLogos: Logo[], setProgress: SetProgress): Promise<boolean> {
  const { signal, sheetChoice: choice } = run;
  const png = choice.output === 'png';
  let sheet;
  try {
    sheet = await consolidateSvgLogos(svgLogos, {
      signal,
      sheet: sheetOptionsOf(choice),
      onProgress: progressIn(png ? PNG_SHEET_FETCH_SHARE : FETCH_SHARE, setProgress),
    });
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    return fail(BATCH_TOASTS.sheetFailed);
  }
  if (sheet.svg === null) {
    const reasons = sheet.skipped.slice(0, 3).map((skip) => `${skip.title}: ${skip.reason}`);
    return fail({ ...BATCH_TOASTS.sheetEmpty, description: reasons.join(' ') });
  }

  let file = new Blob([sheet.svg], { type: 'image/svg+xml' });
  if (png) {
    try {
      const width = sheetRasterWidth(sheet);
      file = await renderSvgImage({ svg: sheet.svg, format: 'png', width, background: null });
    } catch (error) {
      const description = error instanceof Error ? error.message : undefined;
      return fail({ ...BATCH_TOASTS.sheetPngFailed, description });
    }
    if (signal.aborted) throw new DOMException('The consolidation was cancelled.', 'AbortError');
    setProgress(FETCH_SHARE);
  }

  try {
    saveFile(file, consolidatedSheetName(new Date(), choice.output));
  } catch {
    return fail(BATCH_TOASTS.sheetSaveFailed);
  }
  setProgress(100);
  const nonSvg = run.logos.length - svgLogos.length;
  const text = consolidationCompleteText(
    sheet.included,
    sheet.skipped.length,
    nonSvg,
    choice.output,
  );
  toast({ ...BATCH_TOASTS.sheetDone, description: text });
  return true;
}

/**
 * Download Batch as a mutation: the selected logos as one zip, or with Consolidate SVGs the SVG
 * ones as one sheet. The server records the batch first (Premium only: a 403 or 401 stops it);
 * then the files come through /api/files a few at a time. Leaving the page cancels the run.
 */
export function useBatchDownload({
  selected,
  kind,
  onSuccess,
}: {
  selected: readonly Logo[];
  kind: BatchKind;
  /** Called after a successful download (the page clears the selection). */
  onSuccess?: () => void;
}) {
  const [consolidate, setConsolidate] = useState(false);
  const [zipFormat, setZipFormat] = useState<ZipFormat>('svg');
  const [sheetChoice, setSheetChoice] = useState<SheetChoice>(DEFAULT_SHEET_CHOICE);
  const recordLogos = useRecordBatch();

  /** Records the batch; false when the server refused it (and the person was told why). */
  const record = (run: Run, logos: Logo[]) => {
    const png = run.sheetChoice.output === 'png';
    const fileTypeOf = (logo: Logo) =>
      run.consolidate ? (png ? 'png' : logo.fileType) : zipRecordedFileType(logo, run.zipFormat);
    return recordLogos(
      {
        logos: logos.map((logo) => ({
          url: logo.url,
          title: logo.title,
          fileType: fileTypeOf(logo),
        })),
        consolidated: run.consolidate,
      },
      run.signal,
    );
  };

  const { start, busy, progress } = useProgressRun<Omit<Run, 'signal'>>({
    work: async (settings, signal, setProgress) => {
      const run = { ...settings, signal };
      const logos = run.consolidate ? svgLogosOf(run.logos) : run.logos;
      if (logos.length === 0) return fail(BATCH_TOASTS.noSvg);
      const answer = await record(run, logos);
      if (answer === false) return false;
      setProgress(1);
      return run.consolidate
        ? saveSheet(run, logos, setProgress)
        : saveZip(run, kind, answer, setProgress);
    },
    onSettled: (saved, error, run) => {
      if (saved) onSuccess?.();
      if (!error) return;
      const copy = BATCH_COPY[kind];
      toast({
        variant: 'destructive',
        title: run.consolidate ? BATCH_TOASTS.sheetFailed.title : copy.failedTitle,
        description: run.consolidate
          ? undefined
          : (error instanceof Error && error.message) || copy.failedText,
      });
    },
  });

  /** Runs the batch (a second click while one runs is ignored); true when something was saved. */
  const download = async (): Promise<boolean> => {
    if (busy) return false;
    if (selected.length === 0 || selected.length > MAX_BATCH_LOGOS) {
      return fail(selected.length === 0 ? BATCH_TOASTS.noneSelected : BATCH_TOASTS.tooMany);
    }
    return start({ logos: [...selected], consolidate, zipFormat, sheetChoice });
  };

  return {
    download,
    busy,
    /** 0–100, back to 0 shortly after a batch ends; read it with useBatchProgress. */
    progress,
    consolidate,
    setConsolidate,
    selected,
    zipFormat,
    setZipFormat,
    sheetChoice,
    setSheetChoice,
  };
}

export type BatchDownload = ReturnType<typeof useBatchDownload>;

/** The batch's progress, 0–100: re-renders only the component that shows it. */
export function useBatchProgress(batch: Pick<BatchDownload, 'progress'>): number {
  return batch.progress.use();
}
