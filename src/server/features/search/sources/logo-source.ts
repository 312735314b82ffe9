import type { Logo, LogoSourceName, SearchQuery } from '#shared/search/search.schemas.ts';

/**
 * One source's query: one name (already split from `q`). Sources without paging return nothing for
 * page > 0; `signal` aborts when the service stops waiting.
 */
export type SourceQuery = Omit<SearchQuery, 'q'> & { name: string; signal: AbortSignal };

export type SourceResult = {
  logos: Logo[];
  /** Whether page + 1 may hold more for this name. */
  hasMore: boolean;
};

/**
 * Where logos come from; adapters throw `SourceUnavailableError` when their upstream fails, so
 * the service answers with the others' results and a warning.
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
