import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import type { WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import {
  createWikimediaClient,
  parseRetryAfter,
  WikimediaError,
  wikimediaUserAgent,
} from './wikimedia-client.ts';
import type { WikimediaClientOptions } from './wikimedia-client.ts';

const USER_AGENT = wikimediaUserAgent('https://example.org/wikilogos; ops@example.org');

let fake: WikimediaFake;
let host: string;

beforeAll(async () => {
  fake = await startWikimediaFake({ port: 0 });
  host = new URL(fake.commonsApiUrl).host;
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A clock the test moves by hand: the breaker cooldown and Retry-After windows run on Date.now. */
function manualClock(start = 1_000_000) {
  let time = start;
  vi.spyOn(Date, 'now').mockImplementation(() => time);
  return { advance: (ms: number) => (time += ms) };
}

function client(options: Partial<WikimediaClientOptions> = {}) {
  return createWikimediaClient({ userAgent: USER_AGENT, timeoutMs: 2_000, ...options });
}

function searchUrl(name = 'Google'): URL {
  const url = new URL(fake.commonsApiUrl);
  url.search = new URLSearchParams({
    action: 'query',
    format: 'json',
    formatversion: '2',
    generator: 'search',
    gsrsearch: `${name} logo filetype:bitmap|drawing`,
    gsrnamespace: '6',
    gsrlimit: '24',
    prop: 'imageinfo',
    iiprop: 'timestamp|url|size|mime|mediatype|extmetadata',
  }).toString();
  return url;
}

async function failure(promise: Promise<unknown>): Promise<WikimediaError> {
  const err: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  if (!(err instanceof WikimediaError)) throw err;
  return err;
}

describe('wikimedia client: successful calls', () => {
  it('returns the parsed JSON and identifies itself as the User-Agent policy asks', async () => {
    const body = await client().getJson(searchUrl());
    expect(body).toMatchObject({ batchcomplete: true, query: { pages: expect.any(Array) } });

    const [request] = fake.requests();
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
    expect(request?.headers['api-user-agent']).toBe(USER_AGENT);
    expect(request?.headers['accept-encoding']).toContain('gzip');
    expect(USER_AGENT).toMatch(/^WikiLogos\/\S+ \(.+\) \S+$/);
  });

  it('refuses to be created without a User-Agent', () => {
    expect(() => createWikimediaClient({ userAgent: '  ' })).toThrow(/userAgent/);
  });
});

describe('wikimedia client: failures become typed errors', () => {
  it('reports a MediaWiki error object inside HTTP 200 as api-error with its code', async () => {
    fake.setMode({ kind: 'api-error' });
    const err = await failure(client().getJson(searchUrl()));
    expect(err).toMatchObject({ kind: 'api-error', code: 'missingparam', host, status: 200 });
  });

  it('retries maxlag once after the advised delay when that fits the time budget', async () => {
    fake.setMode({ kind: 'api-error', code: 'maxlag', retryAfterSeconds: 0, times: 1 });
    const body = await client().getJson(searchUrl());
    expect(body).toHaveProperty('query');
    expect(fake.requests()).toHaveLength(2);
  });

  it('fails at once on maxlag when the advised delay does not fit the time budget', async () => {
    fake.setMode({ kind: 'api-error', code: 'maxlag', retryAfterSeconds: 30 });
    const err = await failure(client().getJson(searchUrl()));
    expect(err).toMatchObject({ kind: 'api-error', code: 'maxlag' });
    expect(fake.requests()).toHaveLength(1);
  });

  it('reports an HTML page with status 200 as bad-response without echoing the page', async () => {
    fake.setMode({ kind: 'html' });
    const err = await failure(client().getJson(searchUrl()));
    expect(err.kind).toBe('bad-response');
    expect(err.message).not.toMatch(/<|maintenance|script/i);
  });

  it('reports truncated JSON as bad-response', async () => {
    fake.setMode({ kind: 'truncated' });
    const err = await failure(client().getJson(searchUrl()));
    expect(err.kind).toBe('bad-response');
  });

  it('reports HTTP 503 as an http error without the HTML body', async () => {
    fake.setMode({ kind: 'server-error' });
    const err = await failure(client().getJson(searchUrl()));
    expect(err).toMatchObject({ kind: 'http', status: 503, host });
    expect(err.message).not.toContain('<');
  });

  it('reports a refused connection as a network error', async () => {
    fake.setMode({ kind: 'refuse' });
    const err = await failure(client().getJson(searchUrl()));
    expect(err).toMatchObject({ kind: 'network', host });
  });

  it('gives up on a slow answer after timeoutMs', async () => {
    fake.setMode({ kind: 'slow', delayMs: 5_000 });
    const err = await failure(client({ timeoutMs: 150 }).getJson(searchUrl()));
    expect(err).toMatchObject({ kind: 'timeout', host });
  });

  it('stops when the caller aborts, without blaming the host', async () => {
    fake.setMode({ kind: 'slow', delayMs: 5_000 });
    const wikimedia = client({ breaker: { failureThreshold: 1 } });
    const controller = new AbortController();
    const pending = failure(wikimedia.getJson(searchUrl(), controller.signal));
    await waitFor(() => fake.requests().length === 1);
    controller.abort();
    expect((await pending).kind).toBe('timeout');
    expect(wikimedia.breakerState(host)).toBe('closed');
  });

  it('honours 429 Retry-After: fails fast without calling the host until the time has passed', async () => {
    const clock = manualClock();
    const wikimedia = client();
    fake.setMode({ kind: 'rate-limit', retryAfterSeconds: 60 });

    const first = await failure(wikimedia.getJson(searchUrl()));
    expect(first).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 60_000 });

    fake.setMode({ kind: 'normal' });
    clock.advance(30_000);
    const second = await failure(wikimedia.getJson(searchUrl()));
    expect(second).toMatchObject({ kind: 'rate-limited', retryAfterMs: 30_000 });
    expect(fake.requests()).toHaveLength(1);

    clock.advance(30_001);
    await expect(wikimedia.getJson(searchUrl())).resolves.toHaveProperty('query');
    expect(fake.requests()).toHaveLength(2);
  });
});

describe('wikimedia client: circuit breaker', () => {
  it('opens after N consecutive failures and then fails without sending requests', async () => {
    const wikimedia = client({
      breaker: { failureThreshold: 3, cooldownMs: 10_000 },
    });
    fake.setMode({ kind: 'server-error' });

    for (let i = 0; i < 3; i++)
      expect((await failure(wikimedia.getJson(searchUrl()))).kind).toBe('http');
    expect(wikimedia.breakerState(host)).toBe('open');

    const err = await failure(wikimedia.getJson(searchUrl()));
    expect(err).toMatchObject({ kind: 'circuit-open', host });
    expect(fake.requests()).toHaveLength(3);
  });

  it('lets one trial through after the cooldown and closes when it succeeds', async () => {
    const clock = manualClock();
    const wikimedia = client({
      breaker: { failureThreshold: 2, cooldownMs: 10_000 },
    });
    fake.setMode({ kind: 'refuse' });
    await failure(wikimedia.getJson(searchUrl()));
    await failure(wikimedia.getJson(searchUrl()));
    expect(wikimedia.breakerState(host)).toBe('open');

    clock.advance(10_000);
    expect(wikimedia.breakerState(host)).toBe('half-open');
    fake.setMode({ kind: 'normal' });
    await expect(wikimedia.getJson(searchUrl())).resolves.toHaveProperty('query');
    expect(wikimedia.breakerState(host)).toBe('closed');
    expect(fake.requests()).toHaveLength(3);
  });

  it('re-opens when the trial fails, and admits only one trial at a time', async () => {
    const clock = manualClock();
    const wikimedia = client({
      breaker: { failureThreshold: 1, cooldownMs: 10_000 },
    });
    fake.setMode({ kind: 'server-error' });
    await failure(wikimedia.getJson(searchUrl()));
    expect(wikimedia.breakerState(host)).toBe('open');

    clock.advance(10_000);
    fake.setMode({ kind: 'slow', delayMs: 300, times: 1 });
    const trial = wikimedia.getJson(searchUrl());
    const concurrent = await failure(wikimedia.getJson(searchUrl()));
    expect(concurrent.kind).toBe('circuit-open');
    await trial;
    expect(wikimedia.breakerState(host)).toBe('closed');

    // Open it again, and let the next trial fail.
    fake.setMode({ kind: 'server-error' });
    await failure(wikimedia.getJson(searchUrl()));
    clock.advance(10_000);
    const requestsBefore = fake.requests().length;
    expect((await failure(wikimedia.getJson(searchUrl()))).kind).toBe('http');
    expect(wikimedia.breakerState(host)).toBe('open');
    expect((await failure(wikimedia.getJson(searchUrl()))).kind).toBe('circuit-open');
    expect(fake.requests().length).toBe(requestsBefore + 1);
  });

  it('does not trip on client errors (4xx) or on API errors that mean a bad request', async () => {
    const wikimedia = client({ breaker: { failureThreshold: 2 } });
    fake.setMode({ kind: 'client-error', status: 400 });
    for (let i = 0; i < 3; i++) {
      expect(await failure(wikimedia.getJson(searchUrl()))).toMatchObject({
        kind: 'http',
        status: 400,
      });
    }
    fake.setMode({ kind: 'api-error' });
    for (let i = 0; i < 3; i++)
      expect((await failure(wikimedia.getJson(searchUrl()))).kind).toBe('api-error');
    expect(wikimedia.breakerState(host)).toBe('closed');
    expect(fake.requests()).toHaveLength(6);
  });

  it('counts only consecutive failures: a success in between resets the count', async () => {
    const wikimedia = client({ breaker: { failureThreshold: 2 } });
    fake.setMode({ kind: 'server-error', times: 1 });
    await failure(wikimedia.getJson(searchUrl()));
    await wikimedia.getJson(searchUrl());
    fake.setMode({ kind: 'server-error', times: 1 });
    await failure(wikimedia.getJson(searchUrl()));
    expect(wikimedia.breakerState(host)).toBe('closed');
  });

  it('keeps a breaker per host: Commons failing does not stop Wikidata', async () => {
    const wikimedia = client({ breaker: { failureThreshold: 1 } });
    fake.setApiMode('commons', { kind: 'server-error' });
    await failure(wikimedia.getJson(searchUrl()));
    expect(wikimedia.breakerState(host)).toBe('open');

    const wikidataUrl = new URL(fake.wikidataApiUrl);
    expect(wikidataUrl.host).not.toBe(host);
    wikidataUrl.search = 'action=wbsearchentities&search=Apple&language=en&format=json';
    await expect(wikimedia.getJson(wikidataUrl)).resolves.toHaveProperty('search');
    expect(wikimedia.breakerState(wikidataUrl.host)).toBe('closed');
  });
});

describe('wikimedia client: bounded concurrency', () => {
  it('sends at most maxConcurrentPerHost requests at a time and queues the rest', async () => {
    fake.setMode({ kind: 'slow', delayMs: 400 });
    const wikimedia = client({ maxConcurrentPerHost: 2, timeoutMs: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => wikimedia.getJson(searchUrl())),
    );
    expect(results).toHaveLength(5);
    expect(fake.requests()).toHaveLength(5);
    expect(fake.maxInFlight()).toBe(2);
  });

  it('drops a queued call when its caller aborts, without sending it', async () => {
    fake.setMode({ kind: 'slow', delayMs: 400 });
    const wikimedia = client({ maxConcurrentPerHost: 1, timeoutMs: 10_000 });
    const controller = new AbortController();
    const first = wikimedia.getJson(searchUrl());
    const queued = failure(wikimedia.getJson(searchUrl(), controller.signal));
    controller.abort();
    expect((await queued).kind).toBe('timeout');
    await first;
    expect(fake.requests()).toHaveLength(1);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and caps absurd values', () => {
    const now = Date.parse('2026-09-25T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Fri, 25 Sep 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Fri, 25 Sep 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('99999999', now)).toBe(3_600_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('wikimedia fake: HTTP control API (for browser tests and the benchmark)', () => {
  it('sets modes per name over POST /__control and lists requests at GET /__requests', async () => {
    const control = await fetch(`${fake.url}/__control`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        reset: true,
        names: { Apple: { kind: 'server-error' } },
        latencyMs: 1,
      }),
    });
    expect(control.status).toBe(200);
    expect(await control.json()).toMatchObject({
      names: { apple: { kind: 'server-error' } },
      latencyMs: 1,
    });

    const wikimedia = client();
    expect((await failure(wikimedia.getJson(searchUrl('Apple')))).status).toBe(503);
    await expect(wikimedia.getJson(searchUrl('Google'))).resolves.toHaveProperty('query');

    const listed = (await (await fetch(`${fake.url}/__requests`)).json()) as {
      count: number;
      requests: Array<{ api: string; params: Record<string, string> }>;
    };
    expect(listed.count).toBe(2);
    expect(listed.requests.map((r) => r.params.gsrsearch)).toEqual([
      'Apple logo filetype:bitmap|drawing',
      'Google logo filetype:bitmap|drawing',
    ]);

    const bad = await fetch(`${fake.url}/__control`, {
      method: 'POST',
      body: '{"mode":{"kind":"explode"}}',
    });
    expect(bad.status).toBe(400);
  });
});

describe('wikimedia fake: command line', () => {
  it('prints where it listens and serves until stopped', async () => {
    const child = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('../../../../tests/fakes/wikimedia-fake.ts', import.meta.url)),
        '--port',
        '0',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitFor(() => /WIKIDATA_API_URL=/.test(output));
      const base = /^wikimedia fake listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output)?.[1];
      expect(base).toBeDefined();
      expect(await (await fetch(`${base}/__health`)).text()).toBe('ok\n');
      expect(output).toContain(`COMMONS_API_URL=${base}/commons/w/api.php`);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error('condition never became true');
}
