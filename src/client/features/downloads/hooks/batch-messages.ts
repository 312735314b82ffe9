import { z } from 'zod';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';
import {
  MAX_BATCH_LOGOS,
  type BatchDownloadResponse,
} from '#shared/downloads/downloads.schemas.ts';
import { BATCH_ZIP_NAME, SAMPLES_ZIP_NAME } from '../zip-names.ts';
import type { SheetChoice } from './use-consolidate.ts';

/* What batch mode says in its toasts (docs/product.md); the hook only decides which. */

/** Which page runs the batch: the home page's samples have their own zip name and toast titles. */
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

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** ' 2 logos were skipped.' for a count above 0, else nothing. */
function countSentence(count: number, one: string, many: string): string {
  return count > 0 ? ` ${plural(count, one, many)}.` : '';
}

/** The free-user sentence after a batch; nothing for subscribers. */
export function remainingSentence(answer: BatchDownloadResponse | null): string {
  if (!answer || answer.isSubscribed) return '';
  const remaining = Math.max(0, answer.limit - answer.downloadCount);
  return remaining > 0
    ? ` You have ${remaining} free downloads remaining this month.`
    : " You've reached your download limit for this month.";
}

/** 'Successfully downloaded 3 logos.', the skipped and undrawn files, and the free-user sentence. */
export function batchCompleteText(
  added: number,
  failed: number,
  answer: BatchDownloadResponse | null,
  notRendered = 0,
): string {
  return (
    `Successfully downloaded ${plural(added, 'logo', 'logos')}.` +
    countSentence(
      failed,
      'logo could not be fetched and was skipped',
      'logos could not be fetched and were skipped',
    ) +
    countSentence(
      notRendered,
      'logo could not be converted to PNG, so only its original file is included',
      'logos could not be converted to PNG, so only their original files are included',
    ) +
    remainingSentence(answer)
  );
}

/** 'Successfully combined 3 logos into a single SVG file.' plus what was left out. */
export function consolidationCompleteText(
  included: number,
  skipped: number,
  nonSvg: number,
  output: SheetChoice['output'] = 'svg',
): string {
  return (
    `Successfully combined ${plural(included, 'logo', 'logos')} into a single ${output.toUpperCase()} file.` +
    countSentence(
      skipped,
      'logo could not be processed and was skipped',
      'logos could not be processed and were skipped',
    ) +
    countSentence(
      nonSvg,
      'logo is not an SVG and was left out',
      'logos are not SVGs and were left out',
    )
  );
}

const LimitErrorFieldsSchema = z.object({
  downloadCount: z.number().int().optional(),
  limit: z.number().int().optional(),
});

/** The 403 body's counts, when the refusal is about the download limit. */
export function limitReachedText(message: string, data: unknown): string {
  const fields = LimitErrorFieldsSchema.safeParse(data).data ?? {};
  return `${message} You've used ${fields.downloadCount ?? 0} of your ${fields.limit ?? FREE_DOWNLOADS_PER_MONTH} free downloads this month.`;
}
