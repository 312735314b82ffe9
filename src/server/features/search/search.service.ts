import type { FastifyBaseLogger } from 'fastify';
import {
  splitSearchNames,
  type Logo,
  type LogoSourceName,
  type SearchQuery,
  type SearchResult,
  type WebsiteMatch,
} from '#shared/search/search.schemas.ts';
import { abortable } from '#server/lib/abortable.ts';
import { pairVariants } from './logo-pairs.ts';
import { rankLogos } from './ranking.ts';
import type { SearchCache } from './search-cache.ts';
import type { WebsiteCompany } from './sources/wikidata.ts';
import { typedWebsite, type TypedWebsite } from '#shared/search/website.ts';
import {
  SourceUnavailableError,
  type LogoSource,
  type SourceQuery,
  type SourceResult,
  type UpstreamScope,
} from './sources/logo-source.ts';

type SourceQueryKey = Omit<SourceQuery, 'signal' | 'scope'>;

/**
 * Search: one name at a time, every source in parallel through the cache, inside one time budget.
 * A slow or failing source costs its results and a notice, never the whole answer.
 */

export const COMMONS_UNAVAILABLE_WITH_CATALOGUE =
  'Wikimedia Commons is not reachable right now; showing results from the offline catalogue.';
export const COMMONS_UNAVAILABLE =
  'Wikimedia Commons is not reachable right now; showing the results we could get.';
export const WIKIDATA_UNAVAILABLE = 'Official logos from Wikidata could not be loaded right now.';

/**
 * How long answers are reused: searches change with uploads; official logos are remembered in the
 * database for days (official-logos.ts), so an hour here only spares the database hot names and
 * lets a refresh reach every instance soon; the offline catalogue is in memory already.
 */
const CACHE_TTL_MS: Record<LogoSourceName, number> = {
  commons: 10 * 60_000,
  wikidata: 60 * 60_000,
  'simple-icons': 0,
};

/** Below the route's promise of an answer within about 5 s, leaving room to rank and send. */
export const DEFAULT_TIME_BUDGET_MS = 4_500;

type SearchServiceDeps = {
  sources: LogoSource[];
  cache: SearchCache<SourceResult>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  timeBudgetMs?: number;
  now?: () => number;
  /**
   * The company whose official website a typed address is (cached by the caller); without it,
   * addresses are searched as typed.
   */
  findCompanyByWebsite?: (
    site: TypedWebsite,
    signal: AbortSignal,
  ) => Promise<WebsiteCompany | null>;
};

/** One typed name and what is searched for it: itself, or the name of the company it is the website of. */
type Target = { name: string; query: string; website: WebsiteMatch | null };

function cacheKey(source: LogoSourceName, { name, fileType, page }: SourceQueryKey): string {
  return `${source}:${fileType ?? 'all'}:${page}:${name.toLowerCase()}`;
}

type Outcome = { source: LogoSourceName; name: string } & (
  { ok: true; result: SourceResult } | { ok: false }
);

export function createSearchService(deps: SearchServiceDeps) {
  const { sources, cache, log, findCompanyByWebsite } = deps;
  const timeBudgetMs = deps.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS;
  const now = deps.now ?? Date.now;
  const hasCatalogue = sources.some((s) => s.name === 'simple-icons');

  function ask(
    source: LogoSource,
    query: SourceQueryKey,
    signal: AbortSignal,
    scope: UpstreamScope | undefined,
  ) {
    const ttlMs = CACHE_TTL_MS[source.name];
    const run = (s: AbortSignal) => source.search({ ...query, signal: s, scope });
    if (ttlMs <= 0) return run(signal);
    return cache.getOrLoad({ key: cacheKey(source.name, query), ttlMs, load: run, signal });
  }

  /**
   * A typed website stands for its company's name (docs/decisions/048-logo-history-and-search-by-website.md);
   * with no company found, or Wikidata away (`failed`), it is searched as typed.
   */
  async function targetOf(
    name: string,
    signal: AbortSignal,
  ): Promise<Target & { failed: boolean }> {
    const site = findCompanyByWebsite ? typedWebsite(name) : null;
    if (!site || !findCompanyByWebsite) return { name, query: name, website: null, failed: false };
    try {
      const company = await abortable(findCompanyByWebsite(site, signal), signal);
      return {
        name,
        query: company?.name ?? name,
        website: {
          typed: name,
          domain: site.domain,
          label: site.label,
          company: company && { wikidataId: company.id, name: company.name },
        },
        failed: false,
      };
    } catch (err) {
      logFailure('wikidata', name, signal.aborted ? null : err);
      return { name, query: name, website: null, failed: true };
    }
  }

  /**
   * `without`: sources left out of this answer and named in its `pending` (the results page's first
   * answer leaves out Wikidata's three-round chain: docs/decisions/042-progressive-search-results.md).
   * `scope`: one of many searches made together, sharing their upstream requests
   * (docs/decisions/046-logo-wall-resolve.md); `timeBudgetMs`: theirs, when longer than one search's.
   */
  async function search(
    input: SearchQuery,
    {
      without = [],
      scope,
      timeBudgetMs: budgetMs = timeBudgetMs,
    }: {
      without?: readonly LogoSourceName[];
      scope?: UpstreamScope;
      timeBudgetMs?: number;
    } = {},
  ): Promise<SearchResult> {
    const { fileType, page } = input;
    const names = splitSearchNames(input.q);
    const started = now();
    // Wikidata and the catalogue have no further pages; later pages continue Commons only.
    const wanted = page === 0 ? sources : sources.filter((s) => s.name === 'commons');
    const active = wanted.filter((s) => !without.includes(s.name));
    const pending = wanted.filter((s) => without.includes(s.name)).map((s) => s.name);

    // Aborting stops the sources' upstream calls; abortable stops waiting for those that ignore it.
    const signal = AbortSignal.timeout(budgetMs);

    const targets = await Promise.all(names.map((name) => targetOf(name, signal)));
    const outcomes = await Promise.all(
      targets.flatMap(({ name, query }) =>
        active.map(async (source): Promise<Outcome> => {
          try {
            const sourceQuery = { name: query, fileType, page };
            const result = await abortable(ask(source, sourceQuery, signal, scope), signal);
            return { source: source.name, name, ok: true, result };
          } catch (err) {
            logFailure(source.name, name, signal.aborted ? null : err);
            return { source: source.name, name, ok: false };
          }
        }),
      ),
    );

    const warningOf: Partial<Record<LogoSourceName, string>> = {
      commons: hasCatalogue ? COMMONS_UNAVAILABLE_WITH_CATALOGUE : COMMONS_UNAVAILABLE,
      wikidata: WIKIDATA_UNAVAILABLE,
    };
    const warnings = new Set(outcomes.flatMap((o) => (o.ok ? [] : (warningOf[o.source] ?? []))));
    if (targets.some((t) => t.failed)) warnings.add(WIKIDATA_UNAVAILABLE);
    const websites = targets.flatMap((t) => (t.website ? [t.website] : []));

    const perName = targets.map(({ name, query }) => {
      const found = outcomes.flatMap((o) =>
        o.ok && o.name === name
          ? o.result.logos.map((logo) => ({ ...logo, searchTerm: name }))
          : [],
      );
      const matching = fileType ? found.filter((logo) => logo.fileType === fileType) : found;
      // Pairs are found among one name's results, so a pair is always the same company's.
      return pairVariants(rankLogos(matching, query, { allFormats: !fileType }));
    });

    const hasMore = outcomes.some((o) => o.ok && o.source === 'commons' && o.result.hasMore);
    const elapsed = now() - started;
    if (elapsed > budgetMs) log?.warn({ elapsed, q: input.q }, 'search ran past its budget');

    return {
      logos: dedupe(interleave(perName)),
      ...(warnings.size > 0 ? { warnings: [...warnings] } : {}),
      ...(pending.length > 0 ? { pending } : {}),
      page,
      hasMore,
      ...(websites.length > 0 ? { websites } : {}),
    };
  }

  /** `err` null: the time budget ran out. */
  function logFailure(source: LogoSourceName, name: string, err: unknown) {
    if (err === null) {
      log?.warn({ source, name }, `search: ${source} did not answer in time`);
    } else if (err instanceof SourceUnavailableError) {
      log?.warn({ source, name, err: err.message }, `search: ${source} unavailable`);
    } else {
      // Not an upstream outage but a bug or an unexpected answer: worth an error in the log.
      log?.error({ source, name, err }, `search: ${source} failed unexpectedly`);
    }
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;

/** Interleaves the names' lists one logo at a time, so 'Google, Apple, Meta' starts with each. */
export function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const item = list[i];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

/**
 * Drops repeated files (by url), keeping the higher-ranked first and filling its gaps from the
 * repeat: Wikidata knows a logo is official, Commons' search its upload date.
 */
export function dedupe(logos: Logo[]): Logo[] {
  const byUrl = new Map<string, Logo>();
  for (const logo of logos) {
    const first = byUrl.get(logo.url);
    if (!first) {
      byUrl.set(logo.url, logo);
      continue;
    }
    const merged: Logo = { ...first };
    const fill = <K extends keyof Logo>(field: K) => {
      if (merged[field] === null) merged[field] = logo[field];
    };
    for (const field of [
      'thumbUrl',
      'dateAdded',
      'description',
      'size',
      'width',
      'height',
      'license',
      'licenseUrl',
      'sourceUrl',
      'author',
      'attributionRequired',
    ] as const) {
      fill(field);
    }
    byUrl.set(logo.url, merged);
  }
  return [...byUrl.values()];
}
