import {
  buildRequested,
  type SheetWorkerAnswer,
  type SheetWorkerRequest,
} from './sheet-request.ts';

/*
 * The consolidated sheet, or a composition (the logo wall), built off the page's thread: SVGO's
 * parse and the sanitising of 50 logos would hold the page up for a long moment
 * (docs/decisions/040-zips-and-sheets-off-the-main-thread.md). One request, one answer; the page
 * ends the worker after it.
 */

self.addEventListener('message', ({ data }: MessageEvent<SheetWorkerRequest>) => {
  let answer: SheetWorkerAnswer;
  try {
    answer = { sheet: buildRequested(data) };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
});
