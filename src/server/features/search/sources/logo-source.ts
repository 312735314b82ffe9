import type { Logo, LogoSourceName, SearchQuery } from '#shared/search/search.schemas.ts';

/**
 * What the search service asks one source for: the search with one name (already split from the
 * query) instead of `q`. Sources without paging return nothing for page > 0. `signal` is aborted
 * when the search service stops waiting (its time budget ran out).
 */
export type SourceQuery = Omit<SearchQuery, 'q'> & { name: string; signal: AbortSignal };

export type SourceResult = {
  logos: Logo[];
  /** Whether page + 1 may hold more for this name. */
  hasMore: boolean;
};

/**
 * One place logos come from (Commons, Wikidata, Simple Icons). Adapters throw
 * `SourceUnavailableError` when their upstream fails, so the service can answer with the other
 * sources' results and a warning.
 */
export type LogoSource = {
  name: LogoSourceName;
  search: (query: SourceQuery) => Promise<SourceResult>;
};

export class SourceUnavailableError extends Error {
  readonly source: LogoSourceName;

  constructor(source: LogoSourceName, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SourceUnavailableError';
    this.source = source;
  }
}
