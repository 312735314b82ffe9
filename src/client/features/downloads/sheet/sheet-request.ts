import { buildSvgSheet, type SheetInput, type SheetResult } from './svg-sheet.ts';
import { composeSvg, type ComposedLogo, type CompositionOptions } from './svg-compose.ts';
import type { SheetOptions } from './sheet-options.ts';

/** What sheet.worker.ts builds: the consolidated sheet, or a composition (the logo wall). */
export type SheetWorkerRequest =
  | { inputs: SheetInput[]; options: Partial<SheetOptions> }
  | { composition: { logos: ComposedLogo[]; options: CompositionOptions } };
export type SheetWorkerAnswer = { sheet: SheetResult } | { error: string };

/** The request's SVG, built in place (in the worker, or in Node where there is none). */
export function buildRequested(request: SheetWorkerRequest): SheetResult {
  return 'composition' in request
    ? composeSvg(request.composition.logos, request.composition.options)
    : buildSvgSheet(request.inputs, request.options);
}
