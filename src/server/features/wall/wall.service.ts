import type { Logo } from '#shared/search/search.schemas.ts';
import { WALL_MAX_ALTERNATIVES, type WallResult } from '#shared/wall/wall.schemas.ts';
import type { SearchService } from '../search/search.service.ts';

/**
 * The logo wall: each name resolved through the search service, so a wall and /api/search share
 * one search path and its caches (docs/decisions/046-logo-wall-resolve.md).
 */
export function createWallService(deps: { search: SearchService }) {
  const { search } = deps;

  async function resolveOne(name: string): Promise<WallResult> {
    // A comma would make the search read two names; on a wall a name is one company.
    const q = name.replace(/,/g, ' ');
    const { logos } = await search.search({ q, fileType: null, page: 0 });
    const best = bestLogo(logos);
    return {
      name,
      logo: best,
      alternatives: logos.filter((logo) => logo !== best).slice(0, WALL_MAX_ALTERNATIVES),
    };
  }

  /** One result per name, in the given order. */
  async function resolve(names: string[]): Promise<WallResult[]> {
    return Promise.all(names.map(resolveOne));
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
