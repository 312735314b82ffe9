import { z } from 'zod';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';
import {
  MAX_BATCH_LOGOS,
  type BatchDownloadResponse,
} from '#shared/downloads/downloads.schemas.ts';
import { BATCH_ZIP_NAME, SAMPLES_ZIP_NAME } from '../zip-names.ts';
import type { SheetChoice } from './use-consolidate.ts';

/* What batch mode says in its toasts (docs/product.md); the hook only decides which. */

/**
 * Which page runs the batch: the home page's samples use their own zip name and toast titles
 * ('Download Complete', 'Download Failed').
 */
export type BatchKind = 'search' | 'samples';

export const BATCH_COPY = {
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

/** Toasts that need no numbers from the run. */
export const BATCH_TOASTS = {
  noneSelected: {
    title: 'No logos selected',
    description: 'Please select at least one logo to download.',
  },
  tooMany: {
    title: 'Too many logos selected',
    description: `A batch can hold at most ${MAX_BATCH_LOGOS} logos. Clear some and try again.`,
  },
  noSvg: {
    title: 'No SVG logos selected',
    description:
      'Consolidation feature requires SVG logos. Please select SVG logos or disable consolidation mode.',
  },
  sheetFailed: { title: 'Failed to consolidate logo files' },
  sheetEmpty: { title: 'No valid SVG logos could be processed' },
  sheetPngFailed: { title: 'Failed to draw the sheet as PNG' },
  sheetSaveFailed: { title: 'Failed to download consolidated SVG file' },
  sheetDone: { title: 'SVG consolidation complete' },
  limitReached: { title: 'Download limit reached' },
} as const;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The free-user sentence after a batch; nothing for subscribers. */
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
