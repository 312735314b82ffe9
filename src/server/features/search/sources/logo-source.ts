import type { Logo, LogoSourceName, SearchQuery } from '#shared/search/search.schemas.ts';

/**
 * One source's query: one name (already split from `q`). Sources without paging return nothing for
 * page > 0; `signal` aborts when the service stops waiting.
 */
export type SourceQuery = Omit<SearchQuery, 'q'> & {
  name: string;
  signal: AbortSignal;
  /** Present when the search is one of many made together (a logo wall). */
  scope?: UpstreamScope | undefined;
};

/** Runs one upstream request when the scope has room; `first`: ahead of the others waiting. */
export type RunUpstream = <T>(
  request: () => Promise<T>,
  options?: { first?: boolean },
) => Promise<T>;

/** A Wikidata item's logo file (P154), current or former, as a normalized Commons title. */
export type OfficialFile = { title: string; historical: boolean };
/** The Wikidata item chosen for a name (null when none) and its official files. */
export type OfficialItem = { id: string | null; files: OfficialFile[] };

/**
 * Many searches made as one (a logo wall, docs/decisions/046-logo-wall-resolve.md): every upstream
 * request any of them makes runs through `run`, which bounds how many are in flight, and the
 * Wikidata source looks their names up together through `officialFiles`.
 */
export type UpstreamScope = {
  run: RunUpstream;
  officialFiles?: ((name: string) => Promise<OfficialItem>) | undefined;
  /** Told once every search of the scope has started: batches stop waiting for more names. */
  allStarted: () => void;
};

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
