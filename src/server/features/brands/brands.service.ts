import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '#server/http-error.ts';
import { abortable } from '#server/lib/abortable.ts';
import {
  BRAND_MESSAGES,
  BrandSchema,
  type Brand,
  type LogoPeriod,
} from '#shared/brands/brands.schemas.ts';
import type { SearchCache } from '#server/features/search/search-cache.ts';
import type { SearchService } from '#server/features/search/search.service.ts';
import type { CommonsSource } from '#server/features/search/sources/commons.ts';
import { SourceUnavailableError } from '#server/features/search/sources/logo-source.ts';
import type { WikidataItems } from '#server/features/search/sources/wikidata.ts';

/**
 * A company's logo history (docs/product.md#logo-history): its Wikidata item and official logos,
 * remembered like the search's answers, then the search for its name for the other logos.
 */

/** The part of the page that comes from the item: kept whole, so a repeat asks nobody. */
export const BrandItemSchema = BrandSchema.omit({ otherLogos: true, warnings: true });
export type BrandItem = z.infer<typeof BrandItemSchema>;

/** As long as the search keeps official logos in memory; "no such item" for less. */
export const BRAND_TTL_MS = 60 * 60_000;
const NO_ITEM_TTL_MS = 10 * 60_000;
/** Two upstream rounds (the item, its files), within what a visitor waits for a search. */
const TIME_BUDGET_MS = 4_500;

const COMMONS_UNAVAILABLE =
  'Wikimedia Commons is not reachable right now, so this company page cannot be shown. Please try again in a minute.';

export function createBrandsService(deps: {
  items: Pick<WikidataItems, 'getItem'>;
  commons: Pick<CommonsSource, 'imageInfoByTitles'>;
  search: Pick<SearchService, 'search'>;
  cache: SearchCache<BrandItem | null>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  timeBudgetMs?: number;
  /** False when the operator left Wikidata out of LOGO_SOURCES: no page then asks it. */
  enabled?: boolean;
}) {
  const { items, commons, search, cache, log, enabled = true } = deps;
  const timeBudgetMs = deps.timeBudgetMs ?? TIME_BUDGET_MS;

  async function loadItem(qid: string, signal: AbortSignal): Promise<BrandItem | null> {
    const item = await items.getItem(qid, signal);
    if (!item) return null;
    const infos = await commons.imageInfoByTitles(
      item.history.map((period) => period.title),
      signal,
      { searchedName: item.name },
    );
    const history = item.history.flatMap(({ title, historical, start, end }): LogoPeriod[] => {
      const info = infos.get(title);
      // A deleted file, or one WikiLogos cannot show, has no place on the timeline.
      if (!info) return [];
      const logo = {
        ...info,
        source: 'wikidata' as const,
        official: true,
        historical,
        searchTerm: item.name,
        wikidataId: item.id,
      };
      return [{ logo, start, end, current: !historical }];
    });
    const { id, name, description, website } = item;
    return { id, name, description, website, history };
  }

  async function getBrand(qid: string): Promise<Brand> {
    if (!enabled) throw new HttpError(404, 'NOT_FOUND', BRAND_MESSAGES.off);
    const signal = AbortSignal.timeout(timeBudgetMs);
    let item: BrandItem | null;
    try {
      item = await abortable(
        cache.getOrLoad({
          key: `brand:${qid}`,
          ttlMs: (found) => (found ? BRAND_TTL_MS : NO_ITEM_TTL_MS),
          load: (s) => loadItem(qid, s),
          signal,
        }),
        signal,
      );
    } catch (err) {
      if (!(err instanceof SourceUnavailableError) && !signal.aborted) throw err;
      log?.warn({ err, qid }, 'brand: upstream unavailable');
      const commonsDown = err instanceof SourceUnavailableError && err.source === 'commons';
      throw new HttpError(
        503,
        'SERVICE_UNAVAILABLE',
        commonsDown ? COMMONS_UNAVAILABLE : BRAND_MESSAGES.unavailable,
      );
    }
    if (!item) throw new HttpError(404, 'NOT_FOUND', BRAND_MESSAGES.notFound);

    // Commas separate names in a search: a name with one is searched as one name.
    const found = await search.search({
      q: item.name.replace(/,/g, ' ').slice(0, 200),
      fileType: null,
      page: 0,
    });
    const onTimeline = new Set(item.history.map((period) => period.logo.url));
    // Official logos are on the timeline (another item's are not this company's).
    const otherLogos = found.logos.filter(
      (logo) => !onTimeline.has(logo.url) && logo.source !== 'wikidata',
    );
    return { ...item, otherLogos, ...(found.warnings ? { warnings: found.warnings } : {}) };
  }

  return { getBrand };
}

export type BrandsService = ReturnType<typeof createBrandsService>;
