import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { abortable, abortReason } from '#server/lib/abortable.ts';
import { withTimeout } from '#server/lib/with-timeout.ts';

/**
 * The upstream answers cache (Wikimedia asks API users to cache, and popular names repeat): an LRU
 * in memory with per-entry expiry (the only store without Redis), Redis behind it when configured,
 * single-flight for identical lookups. Failures are never stored.
 */

/** The part of an ioredis client the cache uses; tests pass a small stand-in. */
export type CacheRedis = {
  get: (key: string) => Promise<string | null>;
  set: (key: string, value: string, mode: 'PX', ttlMs: number) => Promise<unknown>;
};

export type SearchCache<T> = {
  /**
   * The cached value, or `load`'s result (kept `ttlMs`), one `load` per key at a time. `signal`
   * lets one caller stop waiting; the load is aborted when every caller has given up.
   */
  getOrLoad: (options: {
    key: string;
    /** Or, by what was loaded (a "none found" kept for less time than a find). */
    ttlMs: number | ((value: T) => number);
    load: (signal: AbortSignal) => Promise<T>;
    signal?: AbortSignal;
  }) => Promise<T>;
  /** Entries currently held in memory (for tests and metrics). */
  size: () => number;
};

type SearchCacheOptions<T> = {
  /** Checks a value read back from Redis (another version may have written it); throw if invalid. */
  parse: (value: unknown) => T;
  redis?: CacheRedis | null;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  maxEntries?: number;
  now?: () => number;
  /** Redis must not eat the search's time budget: a slower answer counts as a miss. */
  redisTimeoutMs?: number;
  /**
   * Told each lookup's outcome (metrics): 'hit' without calling `load` (memory, Redis or an
   * identical lookup in flight), else 'miss'.
   */
  onLookup?: (result: 'hit' | 'miss') => void;
};

export const REDIS_KEY_PREFIX = 'wikilogos:search:';
const DEFAULT_MAX_ENTRIES = 500;

type Flight<T> = { promise: Promise<T>; controller: AbortController; waiters: number };

export function createSearchCache<T>(options: SearchCacheOptions<T>): SearchCache<T> {
  const { parse, redis = null, log, now = Date.now, onLookup } = options;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const redisTimeoutMs = options.redisTimeoutMs ?? 250;
  const redisLate = `redis did not answer within ${redisTimeoutMs} ms`;
  // Values are boxed: lru-cache holds objects, and a cached value may be any T.
  const memory = new LRUCache<string, { value: T }>({
    max: maxEntries,
    perf: { now },
    ttlResolution: 0,
  });
  const inFlight = new Map<string, Flight<T>>();
  let redisFailureLogged = false;

  function redisFailed(err: unknown) {
    // Once is enough: the redis plugin already reports outages; this says search noticed.
    if (redisFailureLogged) return;
    redisFailureLogged = true;
    log?.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'search cache: redis failed; caching in memory only',
    );
  }

  // lru-cache keeps an entry while its age is at most `ttl`; ours expire when the age reaches it.
  const writeMemory = (key: string, value: T, ttlMs: number) =>
    memory.set(key, { value }, { ttl: Math.max(1, Math.ceil(ttlMs) - 1) });

  async function readRedis(key: string): Promise<{ value: T; ttlMs: number } | undefined> {
    if (!redis) return undefined;
    let raw: string | null;
    try {
      raw = await withTimeout(redis.get(REDIS_KEY_PREFIX + key), redisTimeoutMs, redisLate);
    } catch (err) {
      redisFailed(err);
      return undefined;
    }
    if (raw === null) return undefined;
    try {
      const stored = JSON.parse(raw) as { value?: unknown; expiresAt?: unknown };
      const value = parse(stored.value);
      const ttlMs = typeof stored.expiresAt === 'number' ? stored.expiresAt - now() : 0;
      return ttlMs > 0 ? { value, ttlMs } : undefined;
    } catch {
      // Written by an older version, or damaged: treat as a miss and overwrite it.
      return undefined;
    }
  }

  function writeRedis(key: string, value: T, ttlMs: number) {
    if (!redis) return;
    const body = JSON.stringify({ value, expiresAt: now() + ttlMs });
    withTimeout(
      redis.set(REDIS_KEY_PREFIX + key, body, 'PX', ttlMs),
      redisTimeoutMs,
      redisLate,
    ).catch(redisFailed);
  }

  async function lookup(
    key: string,
    ttlOf: number | ((value: T) => number),
    load: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
  ): Promise<T> {
    const shared = await readRedis(key);
    if (shared) {
      onLookup?.('hit');
      writeMemory(key, shared.value, shared.ttlMs);
      return shared.value;
    }
    if (signal.aborted) throw abortReason(signal);
    onLookup?.('miss');
    const value = await load(signal);
    const ttlMs = typeof ttlOf === 'number' ? ttlOf : ttlOf(value);
    writeMemory(key, value, ttlMs);
    writeRedis(key, value, ttlMs);
    return value;
  }

  function startFlight(
    key: string,
    ttlMs: number | ((value: T) => number),
    load: (signal: AbortSignal) => Promise<T>,
  ) {
    const controller = new AbortController();
    const flight: Flight<T> = {
      controller,
      waiters: 0,
      promise: lookup(key, ttlMs, load, controller.signal).finally(() => {
        if (inFlight.get(key) === flight) inFlight.delete(key);
      }),
    };
    // When every waiter has given up nobody listens any more; the rejection is expected then.
    flight.promise.catch(() => {});
    inFlight.set(key, flight);
    return flight;
  }

  return {
    size: () => memory.size,
    getOrLoad: ({ key, ttlMs, load, signal }) => {
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      const cached = memory.get(key);
      if (cached) {
        onLookup?.('hit');
        return Promise.resolve(cached.value);
      }

      const joined = inFlight.get(key);
      if (joined) onLookup?.('hit');
      const flight = joined ?? startFlight(key, ttlMs, load);
      flight.waiters += 1;
      if (!signal) return flight.promise;

      return abortable(flight.promise, signal, () => {
        flight.waiters -= 1;
        if (flight.waiters === 0) {
          // A later caller must not join a load that is being cancelled.
          if (inFlight.get(key) === flight) inFlight.delete(key);
          flight.controller.abort(abortReason(signal));
        }
      });
    },
  };
}
