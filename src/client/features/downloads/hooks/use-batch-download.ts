import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { openUpgradeDialog } from '#client/components/ui/use-upgrade-dialog.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';
import {
  DOWNLOAD_MESSAGES,
  MAX_BATCH_LOGOS,
  type BatchDownloadResponse,
} from '#shared/downloads/downloads.schemas.ts';
import {
  BATCH_ZIP_NAME,
  consolidatedSheetName,
  SAMPLES_ZIP_NAME,
} from '../zip-names.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { checkLimitQueryKeyRoot } from '../api/check-limit.ts';
import { downloadHistoryQueryOptions } from '../api/get-download-history.ts';
import { recordBatch } from '../api/record-batch.ts';
import { renderSvgBytesToPng, renderSvgImage } from '../raster/render-image.ts';
import { sheetRasterWidth } from '../raster/raster-plan.ts';
import { saveFile } from '../save-file.ts';
import { zipRecordedFileType, type ZipFormat } from '../zip-format.ts';
import {
  DEFAULT_SHEET_CHOICE,
  consolidateSvgLogos,
  sheetOptionsOf,
  svgLogosOf,
  type SheetChoice,
} from './use-consolidate.ts';

/** Who is asking, as far as batch mode goes: the page knows the user and says which. */
export type BatchAccess = 'guest' | 'free' | 'premium';

/**
 * Which page runs the batch: the home page's samples use the spec's other zip name and toast
 * titles ('Download Complete', 'Download Failed').
 */
export type BatchKind = 'search' | 'samples';

/** How many logo files are fetched at once for a zip. */
const ZIP_FETCH_CONCURRENCY = 4;
/** The share of the bar the fetches take; the rest is the zip or the sheet being written. */
const FETCH_SHARE = 95;
/** A PNG sheet's fetches take less: drawing a large sheet is real work too. */
const PNG_SHEET_FETCH_SHARE = 80;
/** How long the bar shows 100% before it returns to 0 (spec 000 §4). */
const DONE_HOLD_MS = 1200;

const COPY = {
  search: {
    zipName: BATCH_ZIP_NAME,
    doneTitle: 'Batch download complete',
    failedTitle: 'Download failed',
    failedText: 'An error occurred during batch download',
  },
  samples: {
    zipName: SAMPLES_ZIP_NAME,
    doneTitle: 'Download Complete',
    failedTitle: 'Download Failed',
    failedText: 'There was an error creating the download package.',
  },
} as const satisfies Record<BatchKind, Record<string, string>>;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The free-user sentence after a batch (spec 000 §8); nothing for subscribers. */
export function remainingSentence(answer: BatchDownloadResponse | null): string {
  if (!answer || answer.isSubscribed) return '';
  const remaining = Math.max(0, answer.limit - answer.downloadCount);
  return remaining > 0
    ? ` You have ${remaining} free downloads remaining this month.`
    : " You've reached your download limit for this month.";
}

/**
 * 'Successfully downloaded 3 logos.' plus the skipped files, the SVGs that could not be drawn as
 * PNG, and the free-user sentence.
 */
export function batchCompleteText(
  added: number,
  failed: number,
  answer: BatchDownloadResponse | null,
  notRendered = 0,
): string {
  let text = `Successfully downloaded ${plural(added, 'logo', 'logos')}.`;
  if (failed > 0) {
    text +=
      failed === 1
        ? ' 1 logo could not be fetched and was skipped.'
        : ` ${failed} logos could not be fetched and were skipped.`;
  }
  if (notRendered > 0) {
    text +=
      notRendered === 1
        ? ' 1 logo could not be converted to PNG, so only its original file is included.'
        : ` ${notRendered} logos could not be converted to PNG, so only their original files are included.`;
  }
  return text + remainingSentence(answer);
}

/** 'Successfully combined 3 logos into a single SVG file.' plus what was left out. */
export function consolidationCompleteText(
  included: number,
  skipped: number,
  nonSvg: number,
  output: SheetChoice['output'] = 'svg',
): string {
  let text = `Successfully combined ${plural(included, 'logo', 'logos')} into a single ${output === 'png' ? 'PNG' : 'SVG'} file.`;
  if (skipped > 0) {
    text +=
      skipped === 1
        ? ' 1 logo could not be processed and was skipped.'
        : ` ${skipped} logos could not be processed and were skipped.`;
  }
  if (nonSvg > 0) {
    text +=
      nonSvg === 1
        ? ' 1 logo is not an SVG and was left out.'
        : ` ${nonSvg} logos are not SVGs and were left out.`;
  }
  return text;
}

const LimitErrorFieldsSchema = z.object({
  downloadCount: z.number().int().optional(),
  limit: z.number().int().optional(),
});

/** The 403 body's counts, when the refusal is about the download limit. */
export function limitReachedText(message: string, data: unknown): string {
  const parsed = LimitErrorFieldsSchema.safeParse(data);
  const fields = parsed.success ? parsed.data : {};
  return `${message} You've used ${fields.downloadCount ?? 0} of your ${fields.limit ?? FREE_DOWNLOADS_PER_MONTH} free downloads this month.`;
}

const PREMIUM_REFUSALS: readonly string[] = [
  DOWNLOAD_MESSAGES.batchPremium,
  DOWNLOAD_MESSAGES.consolidatePremium,
];

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * The prompts for a visitor who may not use batch mode (spec 000 §5): guests are asked to sign in
 * (and come back here), signed-in free users get 'Premium Subscription Required' with Upgrade.
 */
export function useBatchAccessPrompt() {
  const navigate = useNavigate();
  const location = useLocation();

  return (access: Exclude<BatchAccess, 'premium'>, feature: 'batch' | 'consolidate' = 'batch') => {
    if (access === 'guest') {
      const here = `${location.pathname}${location.search}`;
      toast({
        title: 'Sign in to download in batches',
        description:
          'Batch downloads are part of Premium. Sign in or create an account to continue.',
        action: {
          label: 'Sign in',
          altText: 'Sign in to WikiLogos',
          onClick: () => void navigate(`/auth?redirect=${encodeURIComponent(here)}`),
        },
      });
      return;
    }
    const message =
      feature === 'consolidate'
        ? DOWNLOAD_MESSAGES.consolidatePremium
        : DOWNLOAD_MESSAGES.batchPremium;
    toast({
      title: 'Premium Subscription Required',
      description: message,
      action: {
        label: 'Upgrade',
        altText: 'See the Premium plan',
        onClick: () => openUpgradeDialog({ reason: message }),
      },
    });
  };
}

/**
 * Download Batch: the selected logos as one zip, or — with Consolidate SVGs on — the SVG ones
 * merged into one sheet. The batch is recorded on the server first (Premium only: a 403 or 401
 * stops it there); then the files come through /api/files a few at a time and the progress
 * follows them. Leaving the page cancels whatever is still running.
 */
export function useBatchDownload({
  selected,
  kind,
  onSuccess,
}: {
  selected: readonly Logo[];
  kind: BatchKind;
  /** Called after a successful download (the page clears the selection, spec 000 §4). */
  onSuccess?: () => void;
}) {
  const copy = COPY[kind];
  const [consolidate, setConsolidate] = useState(false);
  const [zipFormat, setZipFormat] = useState<ZipFormat>('svg');
  const [sheetChoice, setSheetChoice] = useState<SheetChoice>(DEFAULT_SHEET_CHOICE);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const running = useRef<AbortController | null>(null);
  const resetTimer = useRef<number | undefined>(undefined);
  const promptAccess = useBatchAccessPrompt();
  const queryClient = useQueryClient();

  useEffect(
    () => () => {
      running.current?.abort();
      window.clearTimeout(resetTimer.current);
    },
    [],
  );

  /** Records the batch; false when the server refused it (and the user was told why). */
  const record = async (
    logos: readonly Logo[],
    consolidated: boolean,
    signal: AbortSignal,
    /** The type the history shows for a logo: what was saved (a PNG), not always the original's. */
    fileTypeOf: (logo: Logo) => Logo['fileType'] | null | undefined = (logo) => logo.fileType,
  ): Promise<{ ok: false } | { ok: true; answer: BatchDownloadResponse | null }> => {
    try {
      const answer = await recordBatch(
        {
          logos: logos.map((logo) => ({
            url: logo.url,
            title: logo.title,
            fileType: fileTypeOf(logo),
          })),
          consolidated,
        },
        signal,
      );
      // The batch now counts in the allowance and shows in the history.
      void queryClient.invalidateQueries({ queryKey: checkLimitQueryKeyRoot });
      void queryClient.invalidateQueries({ queryKey: downloadHistoryQueryOptions().queryKey });
      return { ok: true, answer };
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      if (isApiError(error) && error.status === 401) {
        promptAccess('guest');
        return { ok: false };
      }
      if (isApiError(error) && error.status === 403) {
        if (PREMIUM_REFUSALS.includes(error.message)) {
          promptAccess('free', consolidated ? 'consolidate' : 'batch');
        } else {
          toast({
            variant: 'destructive',
            title: 'Download limit reached',
            description: limitReachedText(error.message, error.data),
          });
        }
        return { ok: false };
      }
      // Spec 000 §7: any other failure to record is ignored and the download goes on.
      return { ok: true, answer: null };
    }
  };

  const downloadZip = async (logos: readonly Logo[], signal: AbortSignal): Promise<boolean> => {
    const format = zipFormat;
    const recorded = await record(logos, false, signal, (logo) =>
      zipRecordedFileType(logo, format),
    );
    if (!recorded.ok) return false;
    setProgress(1);
    // fflate and the zip code load on the first batch, not with the page.
    const { buildLogoZip, fetchLogoBytes } = await import('../logo-zip.ts');
    const zip = await buildLogoZip(logos, {
      fetchFile: fetchLogoBytes,
      format,
      renderPng: renderSvgBytesToPng,
      concurrency: ZIP_FETCH_CONCURRENCY,
      signal,
      // Each logo counts once it is fetched and, for PNG, drawn: the bar follows the real work.
      onProgress: ({ done, total }) =>
        setProgress(Math.max(1, Math.round((done / total) * FETCH_SHARE))),
    });
    if (zip.added === 0) {
      toast({ variant: 'destructive', title: copy.failedTitle, description: copy.failedText });
      return false;
    }
    saveFile(zip.blob, copy.zipName);
    setProgress(100);
    toast({
      title: copy.doneTitle,
      description: batchCompleteText(
        zip.added,
        zip.failed.length,
        recorded.answer,
        zip.notRendered.length,
      ),
    });
    return true;
  };

  const downloadSheet = async (logos: readonly Logo[], signal: AbortSignal): Promise<boolean> => {
    const svgLogos = svgLogosOf(logos);
    if (svgLogos.length === 0) {
      toast({
        variant: 'destructive',
        title: 'No SVG logos selected',
        description:
          'Consolidation feature requires SVG logos. Please select SVG logos or disable consolidation mode.',
      });
      return false;
    }
    const choice = sheetChoice;
    const recorded = await record(svgLogos, true, signal, (logo) =>
      choice.output === 'png' ? 'png' : logo.fileType,
    );
    if (!recorded.ok) return false;
    setProgress(1);

    const png = choice.output === 'png';
    let sheet;
    try {
      sheet = await consolidateSvgLogos(svgLogos, {
        signal,
        sheet: sheetOptionsOf(choice),
        // A PNG sheet leaves part of the bar for the drawing.
        onProgress: ({ done, total }) =>
          setProgress(
            Math.max(1, Math.round((done / total) * (png ? PNG_SHEET_FETCH_SHARE : FETCH_SHARE))),
          ),
      });
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      toast({ variant: 'destructive', title: 'Failed to consolidate logo files' });
      return false;
    }
    if (sheet.svg === null) {
      toast({
        variant: 'destructive',
        title: 'No valid SVG logos could be processed',
        description: sheet.skipped
          .slice(0, 3)
          .map((skip) => `${skip.title}: ${skip.reason}`)
          .join(' '),
      });
      return false;
    }

    let file = new Blob([sheet.svg], { type: 'image/svg+xml' });
    if (png) {
      try {
        file = (
          await renderSvgImage({
            svg: sheet.svg,
            format: 'png',
            width: sheetRasterWidth(sheet),
            background: null,
          })
        ).blob;
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Failed to draw the sheet as PNG',
          description: error instanceof Error ? error.message : undefined,
        });
        return false;
      }
      if (signal.aborted) throw new DOMException('The consolidation was cancelled.', 'AbortError');
      setProgress(FETCH_SHARE);
    }

    const name = consolidatedSheetName(new Date());
    try {
      saveFile(file, choice.output === 'png' ? name.replace(/\.svg$/, '.png') : name);
    } catch {
      toast({ variant: 'destructive', title: 'Failed to download consolidated SVG file' });
      return false;
    }
    setProgress(100);
    toast({
      title: 'SVG consolidation complete',
      description: consolidationCompleteText(
        sheet.included,
        sheet.skipped.length,
        logos.length - svgLogos.length,
        choice.output,
      ),
    });
    return true;
  };

  /** Runs the batch; true when something was saved. */
  const download = async (): Promise<boolean> => {
    if (running.current) return false;
    if (selected.length === 0) {
      toast({
        variant: 'destructive',
        title: 'No logos selected',
        description: 'Please select at least one logo to download.',
      });
      return false;
    }
    if (selected.length > MAX_BATCH_LOGOS) {
      toast({
        variant: 'destructive',
        title: 'Too many logos selected',
        description: `A batch can hold at most ${MAX_BATCH_LOGOS} logos. Clear some and try again.`,
      });
      return false;
    }

    const controller = new AbortController();
    running.current = controller;
    window.clearTimeout(resetTimer.current);
    setBusy(true);
    setProgress(0);
    const logos = [...selected];
    let succeeded = false;
    try {
      succeeded = consolidate
        ? await downloadSheet(logos, controller.signal)
        : await downloadZip(logos, controller.signal);
    } catch (error) {
      if (isAbort(error, controller.signal)) return false;
      toast({
        variant: 'destructive',
        title: consolidate ? 'Failed to consolidate logo files' : copy.failedTitle,
        description: consolidate
          ? undefined
          : (error instanceof Error && error.message) || copy.failedText,
      });
    } finally {
      if (running.current === controller) running.current = null;
      if (!controller.signal.aborted) {
        setBusy(false);
        // Spec 000 §4: the bar runs to 100% and returns to 0; a moment at 100% shows it finished.
        if (succeeded) {
          resetTimer.current = window.setTimeout(() => setProgress(0), DONE_HOLD_MS);
        } else {
          setProgress(0);
        }
      }
    }
    if (succeeded) onSuccess?.();
    return succeeded;
  };

  return {
    /** Starts the batch (a second click while one runs is ignored); true when something was saved. */
    download,
    busy,
    /** 0–100; back to 0 shortly after a batch ends. */
    progress,
    consolidate,
    setConsolidate,
    /** The logos the batch takes (the sheet dialog previews them). */
    selected,
    /** What the zip holds: the original files, 512 px PNGs, or both. */
    zipFormat,
    setZipFormat,
    /** The consolidated sheet's layout and output; the spec's sheet until changed. */
    sheetChoice,
    setSheetChoice,
  };
}

export type BatchDownload = ReturnType<typeof useBatchDownload>;
