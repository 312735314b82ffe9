import { buildSvgSheet, type SheetInput, type SheetResult } from './svg-sheet.ts';
import type { SheetOptions } from './sheet-options.ts';

/*
 * The consolidated sheet built off the page's thread: SVGO's parse and the sanitising of 50 logos
 * would hold the page up for a long moment (docs/decisions/040-zips-and-sheets-off-the-main-thread.md).
 * One request, one answer; the page ends the worker after it.
 */

export type SheetWorkerRequest = { inputs: SheetInput[]; options: Partial<SheetOptions> };
export type SheetWorkerAnswer = { sheet: SheetResult } | { error: string };

self.addEventListener('message', ({ data }: MessageEvent<SheetWorkerRequest>) => {
  let answer: SheetWorkerAnswer;
  try {
    answer = { sheet: buildSvgSheet(data.inputs, data.options) };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
});
