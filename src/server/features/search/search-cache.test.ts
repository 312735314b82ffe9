import { describe, expect, it, vi } from 'vitest';
import { REDIS_KEY_PREFIX, createSearchCache, type CacheRedis } from './search-cache.ts';

const parseNumber = (value: unknown): number => {
  if (typeof value !== 'number') throw new Error('not a number');
  return value;
};

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/** A Redis stand-in that stores strings with an expiry, like SET … PX. */
function memoryRedis(now: () => number) {
  const store = new Map<string, { value: string; expiresAt: number }>();
  const redis: CacheRedis & { store: typeof store; failing: boolean } = {
    store,
    failing: false,
    get: async (key) => {
      if (redis.failing) throw new Error('connection refused');
      const entry = store.get(key);
      return entry && entry.expiresAt > now() ? entry.value : null;
    },
    set: async (key, value, _mode, ttlMs) => {
      if (redis.failing) throw new Error('connection refused');
      store.set(key, { value, expiresAt: now() + ttlMs });
      return 'OK';
    },
  };
  return redis;
}

describe('search cache', () => {
  it('serves a stored value until its time to live has passed', async () => {
    const time = clock();
    const cache = createSearchCache({ parse: parseNumber, now: time.now });
    const load = vi.fn(async () => 42);

    expect(await cache.getOrLoad({ key: 'k', ttlMs: 10_000, load })).toBe(42);
    time.advance(9_999);
    expect(await cache.getOrLoad({ key: 'k', ttlMs: 10_000, load })).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);

    time.advance(1);
    expect(await cache.getOrLoad({ key: 'k', ttlMs: 10_000, load })).toBe(42);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reports each lookup as a hit (memory, Redis, or a shared flight) or a miss (loaded)', async () => {
    const time = clock();
    const redis = memoryRedis(time.now);
    const seen: string[] = [];
    const options = { parse: parseNumber, now: time.now, redis };
    const cache = createSearchCache({ ...options, onLookup: (r) => seen.push(r) });
    let finish: (value: number) => void = () => {};
    const load = () => new Promise<number>((resolve) => (finish = resolve));

    // Two identical lookups at once: one loads, the other shares its answer.
    const both = Promise.all([
      cache.getOrLoad({ key: 'k', ttlMs: 10_000, load }),
      cache.getOrLoad({ key: 'k', ttlMs: 10_000, load }),
    ]);
    await vi.waitFor(() => expect(seen).toContain('miss'));
    finish(7);
    expect(await both).toEqual([7, 7]);
    await cache.getOrLoad({ key: 'k', ttlMs: 10_000, load });
    expect(seen.sort()).toEqual(['hit', 'hit', 'miss']);

    // Another instance, cold in memory, finds it in Redis.
    const seenElsewhere: string[] = [];
    const elsewhere = createSearchCache({ ...options, onLookup: (r) => seenElsewhere.push(r) });
    await vi.waitFor(() => expect(redis.store.size).toBe(1));
    expect(await elsewhere.getOrLoad({ key: 'k', ttlMs: 10_000, load })).toBe(7);
    expect(seenElsewhere).toEqual(['hit']);
  });

  it('evicts the least recently used entry when full', async () => {
    const cache = createSearchCache({ parse: parseNumber, maxEntries: 2 });
    const loads: string[] = [];
    const get = (key: string) =>
      cache.getOrLoad({
        key,
        ttlMs: 60_000,
        load: async () => {
          loads.push(key);
          return key.length;
        },
      });

    await get('a');
    await get('bb');
    await get('a'); // 'a' is now the most recently used
    await get('ccc'); // evicts 'bb'
    expect(cache.size()).toBe(2);
    await get('a');
    await get('bb');
    expect(loads).toEqual(['a', 'bb', 'ccc', 'bb']);
  });

  it('makes one upstream call for 50 identical lookups at the same time', async () => {
    const cache = createSearchCache({ parse: parseNumber });
    let release: (value: number) => void = () => {};
    const load = vi.fn(() => new Promise<number>((resolve) => (release = resolve)));

    const lookups = Array.from({ length: 50 }, () =>
      cache.getOrLoad({ key: 'same', ttlMs: 60_000, load }),
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    release(7);
    expect(await Promise.all(lookups)).toEqual(Array(50).fill(7));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not store failures: the next lookup tries again', async () => {
    const cache = createSearchCache({ parse: parseNumber });
    const load = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('upstream down'))
      .mockResolvedValueOnce(5);
    await expect(cache.getOrLoad({ key: 'k', ttlMs: 60_000, load })).rejects.toThrow(
      'upstream down',
    );
    expect(await cache.getOrLoad({ key: 'k', ttlMs: 60_000, load })).toBe(5);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('aborts the shared call only when every waiting caller has given up', async () => {
    const cache = createSearchCache({ parse: parseNumber });
    let upstreamSignal: AbortSignal | undefined;
    const load = (signal: AbortSignal) => {
      upstreamSignal = signal;
      return new Promise<number>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted upstream'))),
      );
    };
    const first = new AbortController();
    const second = new AbortController();
    const a = cache.getOrLoad({ key: 'k', ttlMs: 1000, load, signal: first.signal });
    const b = cache.getOrLoad({ key: 'k', ttlMs: 1000, load, signal: second.signal });
    await vi.waitFor(() => expect(upstreamSignal).toBeDefined());

    first.abort(new Error('first gave up'));
    await expect(a).rejects.toThrow('first gave up');
    expect(upstreamSignal?.aborted).toBe(false);

    second.abort(new Error('second gave up'));
    await expect(b).rejects.toThrow('second gave up');
    expect(upstreamSignal?.aborted).toBe(true);
  });

  it('shares values through Redis, as JSON under the wikilogos:search: prefix with a TTL', async () => {
    const time = clock();
    const redis = memoryRedis(time.now);
    const one = createSearchCache({ parse: parseNumber, redis, now: time.now });
    const other = createSearchCache({ parse: parseNumber, redis, now: time.now });
    const load = vi.fn(async () => 9);

    expect(await one.getOrLoad({ key: 'commons:google', ttlMs: 600_000, load })).toBe(9);
    await vi.waitFor(() => expect(redis.store.has(`${REDIS_KEY_PREFIX}commons:google`)).toBe(true));
    const stored = redis.store.get(`${REDIS_KEY_PREFIX}commons:google`);
    expect(JSON.parse(stored?.value ?? '')).toMatchObject({ value: 9 });
    expect(stored?.expiresAt).toBe(time.now() + 600_000);

    // Another instance finds it without calling upstream.
    expect(await other.getOrLoad({ key: 'commons:google', ttlMs: 600_000, load })).toBe(9);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('ignores a Redis value it cannot read', async () => {
    const time = clock();
    const redis = memoryRedis(time.now);
    redis.store.set(`${REDIS_KEY_PREFIX}k`, {
      value: '{"value":"not a number","expiresAt":9e15}',
      expiresAt: 9e15,
    });
    const cache = createSearchCache({ parse: parseNumber, redis, now: time.now });
    expect(await cache.getOrLoad({ key: 'k', ttlMs: 1000, load: async () => 3 })).toBe(3);
  });

  it('falls back to memory when Redis fails, and says so in the log once', async () => {
    const time = clock();
    const redis = memoryRedis(time.now);
    redis.failing = true;
    const log = { warn: vi.fn() };
    const cache = createSearchCache({ parse: parseNumber, redis, log, now: time.now });
    const load = vi.fn(async () => 1);

    expect(await cache.getOrLoad({ key: 'a', ttlMs: 1000, load })).toBe(1);
    expect(await cache.getOrLoad({ key: 'a', ttlMs: 1000, load })).toBe(1);
    expect(await cache.getOrLoad({ key: 'b', ttlMs: 1000, load })).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalled());
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('treats a Redis that does not answer as a miss', async () => {
    const redis: CacheRedis = {
      get: () => new Promise(() => {}),
      set: () => new Promise(() => {}),
    };
    const cache = createSearchCache({ parse: parseNumber, redis, redisTimeoutMs: 5 });
    expect(await cache.getOrLoad({ key: 'k', ttlMs: 1000, load: async () => 4 })).toBe(4);
  });
});
