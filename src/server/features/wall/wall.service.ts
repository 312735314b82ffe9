import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logo } from '#shared/search/search.schemas.ts';
import { WALL_MAX_ALTERNATIVES, type WallResult } from '#shared/wall/wall.schemas.ts';
import type { SearchService } from '../search/search.service.ts';
import type { UpstreamScope } from '../search/sources/logo-source.ts';

/**
 * The logo wall: each name resolved through the search service, so a wall and /api/search share
 * one search path and its caches; the wall's searches share one scope, so they ask Wikimedia
 * politely and together (docs/decisions/046-logo-wall-resolve.md).
 */

/** Upstream requests in flight for one wall, whatever its size. */
export const WALL_MAX_IN_FLIGHT = 4;
/**
 * How long a wall's searches may take: a cold 100-name wall is about 110 requests, four at a time,
 * some 6 s at Wikimedia's usual 200 ms; past this a name gets what its sources answered so far.
 */
export const WALL_TIME_BUDGET_MS = 15_000;

export function createWallService(deps: {
  search: SearchService;
  /** A fresh scope for one wall (the search module's `openScope`). */
  openScope: (maxInFlight: number) => UpstreamScope;
}) {
  const { search, openScope } = deps;

  /** One result per name, in the given order. */
  async function resolve(names: string[]): Promise<WallResult[]> {
    const scope = openScope(WALL_MAX_IN_FLIGHT);
    const resolveOne = async (name: string): Promise<WallResult> => {
      // A comma would make the search read two names; on a wall a name is one company.
      const q = name.replace(/,/g, ' ');
      const { logos } = await search.search(
        { q, fileType: null, page: 0 },
        { scope, timeBudgetMs: WALL_TIME_BUDGET_MS },
      );
      const best = bestLogo(logos);
      const alternatives = logos.filter((logo) => logo !== best).slice(0, WALL_MAX_ALTERNATIVES);
      return { name, logo: best, alternatives };
    };
    const pending: Array<Promise<WallResult>> = [];
    for (const name of names) {
      pending.push(resolveOne(name));
      // Each search starts with some CPU (the offline catalogue's match): a turn of the event loop
      // between names sends the first names' upstream requests while the later ones are matched.
      await nextTurn();
    }
    scope.allStarted();
    return Promise.all(pending);
  }

  return { resolve };
}

export type WallService = ReturnType<typeof createWallService>;

/**
 * The official current logo where Wikidata has one, else the best-ranked result
 * (docs/product.md#logo-wall); the search ranks official current logos first already, this says so.
 */
export function bestLogo(logos: Logo[]): Logo | null {
  return logos.find((logo) => logo.official && !logo.historical) ?? logos[0] ?? null;
}
