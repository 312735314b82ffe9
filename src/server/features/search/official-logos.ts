import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { LogoSchema, type Logo } from '#shared/search/search.schemas.ts';
import { withTimeout } from '#server/lib/with-timeout.ts';
import type { OfficialLogosRepository, OfficialLogosRow } from './official-logos.repository.ts';
import { nameKey } from './sources/commons.ts';
import type {
  LogoSource,
  SourceQuery,
  SourceResult,
  UpstreamScope,
} from './sources/logo-source.ts';

/**
 * Official logos remembered in the database (docs/product.md#official-logos-remembered,
 * docs/decisions/037-official-logos-in-the-database.md): the Wikidata source's answer per name,
 * shared by every instance and kept across restarts. Served at once while fresh; past the refresh
 * age served at once and fetched again in the background; past its keep time fetched first.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** An item's logos change rarely: kept a week, refreshed after a day. */
export const OFFICIAL_LOGOS_KEPT_MS = 7 * DAY_MS;
export const OFFICIAL_LOGOS_REFRESH_MS = DAY_MS;
/** "No official logo" may change as soon as someone adds one to Wikidata: kept a day. */
export const NO_MATCH_KEPT_MS = DAY_MS;
export const NO_MATCH_REFRESH_MS = HOUR_MS;

/**
 * A slow database must not eat the search's time budget: past this, a read counts as a miss and
 * a write goes on without the search waiting for it.
 */
const DATABASE_WAIT_MS = 1_000;
const databaseLate = `the database did not answer within ${DATABASE_WAIT_MS} ms`;
/** A background refresh gets the time of a few upstream calls, no more. */
const REFRESH_TIMEOUT_MS = 30_000;
const SWEEP_INTERVAL_MS = HOUR_MS;
/** Names searched in a week rarely reach this; if they do, the soonest-expiring go first. */
export const MAX_REMEMBERED_NAMES = 100_000;

const StoredLogosSchema = z.array(LogoSchema);

type Remembered = { logos: Logo[]; fetchedAt: number; expiresAt: number };

export function rememberOfficialLogos(deps: {
  /** The Wikidata source. */
  source: LogoSource;
  repo: OfficialLogosRepository;
  now: () => number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): LogoSource & { close: () => Promise<void> } {
  const { source, repo, now, log } = deps;
  const refreshing = new Set<string>();
  const background = new Set<Promise<void>>();
  const closing = new AbortController();
  let lastSweep = -Infinity;

  async function read(key: string): Promise<Remembered | null> {
    let row: OfficialLogosRow | null;
    try {
      row = await withTimeout(repo.find(key), DATABASE_WAIT_MS, databaseLate);
    } catch (err) {
      // The database being away costs the memory, not the official logos.
      log?.warn({ err, name: key }, 'official logos: could not read the database');
      return null;
    }
    const logos = row && StoredLogosSchema.safeParse(row.logos);
    if (!row || !logos?.success) return null;
    return {
      logos: logos.data,
      fetchedAt: row.fetchedAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
    };
  }

  /** Asks Wikidata for every file type: one row serves every filter. */
  async function fetchAndStore(
    key: string,
    signal: AbortSignal,
    scope?: UpstreamScope,
  ): Promise<Logo[]> {
    const { logos } = await source.search({ name: key, fileType: null, page: 0, signal, scope });
    await withTimeout(store(key, logos), DATABASE_WAIT_MS, databaseLate).catch(() => {});
    return logos;
  }

  /** Never rejects: not remembering costs a later upstream call, not this answer. */
  async function store(key: string, logos: Logo[]): Promise<void> {
    const fetchedAt = now();
    const keptMs = logos.length > 0 ? OFFICIAL_LOGOS_KEPT_MS : NO_MATCH_KEPT_MS;
    try {
      await repo.save({
        name: key,
        logos,
        fetchedAt: new Date(fetchedAt),
        expiresAt: new Date(fetchedAt + keptMs),
      });
      if (fetchedAt - lastSweep >= SWEEP_INTERVAL_MS) {
        lastSweep = fetchedAt;
        await repo.sweep(new Date(fetchedAt), MAX_REMEMBERED_NAMES);
      }
    } catch (err) {
      log?.warn({ err, name: key }, 'official logos: could not write the database');
    }
  }

  /** One refresh per name at a time in this instance; a failure keeps what is stored. */
  function refreshInBackground(key: string) {
    if (refreshing.has(key) || closing.signal.aborted) return;
    refreshing.add(key);
    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(REFRESH_TIMEOUT_MS)]);
    const work = fetchAndStore(key, signal)
      .then(
        () => {},
        (err: unknown) => {
          if (!closing.signal.aborted)
            log?.warn(
              { err, name: key },
              'official logos: refresh failed; keeping the stored ones',
            );
        },
      )
      .finally(() => {
        refreshing.delete(key);
        background.delete(work);
      });
    background.add(work);
  }

  async function search(query: SourceQuery): Promise<SourceResult> {
    const key = nameKey(query.name);
    // Wikidata has one page; the source answers the rest without calling anyone.
    if (query.page > 0 || !key) return source.search(query);
    const stored = await read(key);
    const at = now();
    let logos: Logo[];
    if (stored && at < stored.expiresAt) {
      const refreshMs = stored.logos.length > 0 ? OFFICIAL_LOGOS_REFRESH_MS : NO_MATCH_REFRESH_MS;
      if (at >= stored.fetchedAt + refreshMs) refreshInBackground(key);
      logos = stored.logos;
    } else {
      logos = await fetchAndStore(key, query.signal, query.scope);
    }
    const { fileType } = query;
    return {
      logos: logos
        .filter((logo) => !fileType || logo.fileType === fileType)
        .map((logo) => ({ ...logo, searchTerm: query.name })),
      hasMore: false,
    };
  }

  return {
    name: source.name,
    search,
    /** Stops background refreshes (shutdown) and waits for them to end. */
    close: async () => {
      closing.abort();
      await Promise.allSettled([...background]);
    },
  };
}
