import net from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMMONS_UNAVAILABLE_WITH_CATALOGUE,
  DEFAULT_TIME_BUDGET_MS,
  WIKIDATA_UNAVAILABLE,
} from '#server/features/search/search.service.ts';
import { DEFAULT_COOLDOWN_MS } from '#server/features/search/wikimedia-client.ts';
import { SearchResultSchema, type SearchResult } from '#shared/search/search.schemas.ts';
import {
  startWikimediaFake,
  type FakeMode,
  type WikimediaFake,
} from '#tests/fakes/wikimedia-fake.ts';
import { createTestApp } from '#tests/support/test-app.ts';

/**
 * Wikimedia misbehaving, seen from /api/search on the whole app (real adapters, cache and circuit
 * breakers against the local stand-in). The client's own unit tests cover each rule in isolation;
 * these prove what a visitor gets: an answer within the search's time limit, from the offline
 * catalogue, with a notice, and no requests to a host that is known to be down.
 */

/**
 * The route promises an answer within about 5 s: the service's budget plus room to rank and send.
 * A correctness bound (the search must not wait for a 10 s upstream), not a performance figure.
 */
const ANSWER_BOUND_MS = DEFAULT_TIME_BUDGET_MS + 1_500;
/** The stand-in's slow mode: far beyond any time limit of ours. */
const SLOW: FakeMode = { kind: 'slow', delayMs: 10_000 };

// The circuit breaker's cooldown and Retry-After windows run on Date.now, read when the app builds
// its Wikimedia client; moving it forward lets a test see the circuit close without waiting.
const realNow = Date.now.bind(Date);
let clockOffsetMs = 0;
const moveClockForward = (ms: number) => (clockOffsetMs += ms);

let fake: WikimediaFake;
let testApp: Awaited<ReturnType<typeof createTestApp>> | undefined;

beforeAll(async () => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockOffsetMs);
  fake = await startWikimediaFake();
});
afterAll(async () => {
  await fake?.close();
  vi.restoreAllMocks();
});
// A fresh app per test: a cold cache and closed circuits.
beforeEach(async () => {
  fake.reset();
  clockOffsetMs = 0;
  testApp = await createTestApp('pglite', {
    COMMONS_API_URL: fake.commonsApiUrl,
    WIKIDATA_API_URL: fake.wikidataApiUrl,
  });
});
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function search(q: string, app = testApp!.app): Promise<SearchResult> {
  const started = realNow();
  const res = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  const elapsed = realNow() - started;
  expect(res.statusCode, res.body).toBe(200);
  expect(elapsed, `the answer to "${q}" took ${elapsed} ms`).toBeLessThan(ANSWER_BOUND_MS);
  return SearchResultSchema.parse(res.json());
}

/** What a visitor sees while Wikimedia is down: the catalogue's icons and both notices. */
function expectOfflineAnswer(result: SearchResult, catalogueTitle: string) {
  expect(result.warnings).toEqual(
    expect.arrayContaining([COMMONS_UNAVAILABLE_WITH_CATALOGUE, WIKIDATA_UNAVAILABLE]),
  );
  expect(result.logos.some((l) => l.source === 'simple-icons' && l.title === catalogueTitle)).toBe(
    true,
  );
  expect(result.logos.every((l) => l.source === 'simple-icons')).toBe(true);
}

const upstream = () => fake.requests();

const FAILURES: Array<[string, FakeMode]> = [
  ['slow (10 s)', SLOW],
  ['refusing connections', { kind: 'refuse' }],
  ['answering 429 with Retry-After', { kind: 'rate-limit', retryAfterSeconds: 120 }],
  ['answering HTML instead of JSON', { kind: 'html' }],
  ['answering truncated JSON', { kind: 'truncated' }],
];

describe.each(FAILURES)('Wikimedia %s', (_name, mode) => {
  it('/api/search answers in time with the offline catalogue and a notice', async () => {
    fake.setMode(mode);
    expectOfflineAnswer(await search('Spotify'), 'Spotify');
    // The failure really came from upstream: both hosts were asked.
    expect(new Set(upstream().map((r) => r.api))).toEqual(new Set(['commons', 'wikidata']));
  });
});

describe('the circuit breaker, through /api/search', () => {
  // Five consecutive failures open a host's circuit. The client sends at most four requests to a
  // host at a time, so: one search for four names, then one more.
  async function fiveFailuresEach() {
    expectOfflineAnswer(await search('Google, Apple, GitHub, Spotify'), 'Google');
    expectOfflineAnswer(await search('Netflix'), 'Netflix');
  }

  it.each(FAILURES.filter(([, m]) => m.kind !== 'rate-limit'))(
    'opens after repeated failures (%s), then closes once the host answers after the cooldown',
    async (_name, mode) => {
      fake.setMode(mode);
      await fiveFailuresEach();
      expect(upstream().filter((r) => r.api === 'commons').length).toBeGreaterThanOrEqual(5);
      expect(upstream().filter((r) => r.api === 'wikidata').length).toBeGreaterThanOrEqual(5);

      // Open: the next search does not call Wikimedia at all, and still answers.
      fake.resetRequests();
      const started = realNow();
      expectOfflineAnswer(await search('Wikipedia'), 'Wikipedia');
      expect(upstream()).toEqual([]);
      // Failing fast, not waiting for a timeout (a generous bound, far below the time limit).
      expect(realNow() - started).toBeLessThan(DEFAULT_TIME_BUDGET_MS / 2);

      // Still open just before the cooldown ends, even though Wikimedia is back.
      fake.reset();
      moveClockForward(DEFAULT_COOLDOWN_MS - 1_000);
      expectOfflineAnswer(await search('Mozilla'), 'Mozilla');
      expect(upstream()).toEqual([]);

      // After the cooldown a trial request goes through, succeeds, and the circuit closes.
      moveClockForward(1_000);
      const recovered = await search('Mozilla');
      expect(upstream().some((r) => r.api === 'commons')).toBe(true);
      expect(recovered.warnings ?? []).not.toContain(COMMONS_UNAVAILABLE_WITH_CATALOGUE);
      expect(recovered.logos.some((l) => l.source === 'commons')).toBe(true);
      const normal = await search('GitHub');
      expect(normal.warnings).toBeUndefined();
      expect(normal.logos[0]).toMatchObject({ source: 'wikidata', official: true });
    },
  );

  it('honours 429 Retry-After: no request until the time has passed, then calls again', async () => {
    fake.setMode({ kind: 'rate-limit', retryAfterSeconds: 120 });
    expectOfflineAnswer(await search('Spotify'), 'Spotify');
    expect(upstream().length).toBeGreaterThan(0);

    // Longer than the breaker's cooldown but within Retry-After: still not called.
    fake.reset();
    moveClockForward(DEFAULT_COOLDOWN_MS + 30_000);
    expectOfflineAnswer(await search('Google'), 'Google');
    expect(upstream()).toEqual([]);

    moveClockForward(120_000 - (DEFAULT_COOLDOWN_MS + 30_000) + 1_000);
    const after = await search('Google');
    expect(upstream().length).toBeGreaterThan(0);
    expect(after.warnings).toBeUndefined();
    expect(after.logos[0]).toMatchObject({ title: 'Google 2015 logo', official: true });
  });
});

describe('Wikimedia unreachable (nothing listens on its port)', () => {
  it('/api/search answers in time with the offline catalogue and a notice, search after search', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const unreachable = await createTestApp('pglite', {
      COMMONS_API_URL: `http://127.0.0.1:${closedPort}/w/api.php`,
      WIKIDATA_API_URL: `http://127.0.0.1:${closedPort}/wikidata/w/api.php`,
    });
    try {
      // Past the breaker's threshold: every answer stays an offline one, each in time.
      for (const name of ['Spotify', 'Google', 'GitHub', 'Netflix', 'Apple', 'Wikipedia']) {
        expectOfflineAnswer(await search(name, unreachable.app), name);
      }
    } finally {
      await unreachable.close();
    }
  });
});
