import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, once. Node offers no API for it without --expose-gc; the flag can be
 * set at run time and the function read from a new context (as Jest's leak detector does).
 * Used where a lot of memory has just become garbage and an idle server would otherwise keep it
 * for a long time (docs/decisions/039-light-embedded-default.md,
 * docs/decisions/045-lean-idle-server-and-responsive-batches.md).
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
