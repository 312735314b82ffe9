import type { OfficialItem, RunUpstream, UpstreamScope } from './sources/logo-source.ts';

/**
 * At most `max` requests in flight, the rest waiting in order; `first` requests go ahead of the
 * waiting ones. p-limit has no such lane, and a wall needs it: one batched Wikidata request
 * answers many names, so it must not wait behind fifty Commons searches.
 */
export function createRequestLimit(max: number): RunUpstream {
  let active = 0;
  const urgent: Array<() => void> = [];
  const queued: Array<() => void> = [];
  const next = () => {
    while (active < max) {
      const start = urgent.shift() ?? queued.shift();
      if (!start) return;
      active += 1;
      start();
    }
  };
  return (request, { first = false } = {}) =>
    new Promise((resolve, reject) => {
      (first ? urgent : queued).push(() => {
        Promise.resolve()
          .then(request)
          .then(resolve, reject)
          .finally(() => {
            active -= 1;
            next();
          });
      });
      next();
    });
}

/** One wall's scope: its own limit, and the Wikidata source's batched look-up bound to it. */
export function openUpstreamScope(
  maxInFlight: number,
  wikidata: {
    batchOfficialFiles: (
      run: RunUpstream,
      started: Promise<void>,
    ) => (name: string) => Promise<OfficialItem>;
  } | null,
): UpstreamScope {
  const run = createRequestLimit(maxInFlight);
  const { promise: started, resolve: allStarted } = Promise.withResolvers<void>();
  return { run, officialFiles: wikidata?.batchOfficialFiles(run, started), allStarted };
}
