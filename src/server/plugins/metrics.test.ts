import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWikimediaFake, type WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import { createTestApp } from '#tests/support/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The value of the one series `name` whose labels include `labels`, from Prometheus text. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const matches = text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => {
      const found = Object.fromEntries(
        [...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
      return Object.entries(labels).every(([key, value]) => found[key] === value);
    });
  if (matches.length !== 1) {
    throw new Error(`expected one ${name} ${JSON.stringify(labels)}, found ${matches.length}`);
  }
  return Number(matches[0]!.split(' ').at(-1));
}

describe('Prometheus metrics on their own listener', () => {
  let fake: WikimediaFake;
  let first: TestApp;
  let second: TestApp;
  let publicUrl: string;

  async function start() {
    const testApp = await createTestApp('pglite', {
      METRICS_PORT: '0',
      RATE_LIMIT_PER_MINUTE: '100000',
      COMMONS_API_URL: fake.commonsApiUrl,
      WIKIDATA_API_URL: fake.wikidataApiUrl,
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    return testApp;
  }
  const scrape = async (testApp: TestApp) => {
    const res = await fetch(`http://127.0.0.1:${testApp.app.metrics.address()!.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    fake = await startWikimediaFake();
    // Two apps in one process, as in every test run: their metrics must neither clash nor mix.
    first = await start();
    second = await start();
    publicUrl = `http://127.0.0.1:${(first.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await fake?.close();
  });

  it('serves nothing at /metrics on the public port', async () => {
    const res = await fetch(`${publicUrl}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('# HELP');
  });

  it('shows requests by route template, upstream calls, the cache, the circuits, refusals and the process', async () => {
    // Searches: the first asks Wikimedia (a miss), the second is answered by the cache (a hit).
    for (let i = 0; i < 2; i++) {
      expect((await fetch(`${publicUrl}/api/search?q=google`)).status).toBe(200);
    }
    // Commons failing: after five failures its circuit opens.
    fake.setApiMode('commons', { kind: 'server-error' });
    for (const name of ['apple', 'github', 'microsoft', 'mozilla', 'spotify', 'netflix']) {
      expect((await fetch(`${publicUrl}/api/search?q=${name}`)).status).toBe(200);
    }
    fake.reset();

    // Two wrong passwords.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${publicUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'not-the-password' }),
      });
      expect(res.status).toBe(401);
    }
    // A guest past the allowance of a browser session is refused.
    let cookie = '';
    let refused = 0;
    for (let n = 0; n < 11; n++) {
      const res = await fetch(`${publicUrl}/api/downloads/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({
          logoUrl: `https://upload.wikimedia.org/wikipedia/commons/a/a${n}/Logo_${n}.svg`,
        }),
      });
      cookie ||= res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      if (res.status === 403) refused++;
    }
    expect(refused).toBe(1);

    expect((await fetch(`${publicUrl}/api/no-such-route?id=42`)).status).toBe(404);

    const text = await scrape(first);
    const search = { method: 'GET', route: '/api/search', status_code: '200' };
    expect(sample(text, 'http_server_request_duration_seconds_count', search)).toBe(8);
    expect(
      sample(text, 'http_server_request_duration_seconds_bucket', { ...search, le: '+Inf' }),
    ).toBe(8);
    expect(
      sample(text, 'http_server_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/users/login',
        status_code: '401',
      }),
    ).toBe(2);
    // Templates only: never the address as asked.
    expect(text).not.toContain('q=google');
    expect(text).not.toContain('no-such-route');
    expect(
      sample(text, 'http_server_request_duration_seconds_count', {
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);

    expect(
      sample(text, 'wikilogos_upstream_requests_total', { api: 'commons', outcome: 'success' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'wikilogos_upstream_requests_total', { api: 'wikidata', outcome: 'success' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'wikilogos_upstream_requests_total', { api: 'commons', outcome: 'http' }),
    ).toBeGreaterThanOrEqual(5);
    expect(
      sample(text, 'wikilogos_upstream_circuit_state', { api: 'commons', state: 'open' }),
    ).toBe(1);
    expect(
      sample(text, 'wikilogos_upstream_circuit_state', { api: 'commons', state: 'closed' }),
    ).toBe(0);
    expect(
      sample(text, 'wikilogos_upstream_circuit_state', { api: 'wikidata', state: 'closed' }),
    ).toBe(1);

    expect(sample(text, 'wikilogos_search_cache_lookups_total', { result: 'hit' })).toBeGreaterThan(
      0,
    );
    expect(
      sample(text, 'wikilogos_search_cache_lookups_total', { result: 'miss' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'wikilogos_signin_refusals_total', { reason: 'wrong-credentials' })).toBe(
      2,
    );
    expect(sample(text, 'wikilogos_signin_refusals_total', { reason: 'too-many-attempts' })).toBe(
      0,
    );
    expect(
      sample(text, 'wikilogos_download_refusals_total', {
        route: '/api/downloads/track',
        reason: 'not-allowed',
      }),
    ).toBe(1);

    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);

    // The other app in this process counted nothing of this.
    const other = await scrape(second);
    expect(sample(other, 'wikilogos_signin_refusals_total', { reason: 'wrong-credentials' })).toBe(
      0,
    );
    expect(other).not.toContain('route="/api/search"');
    expect(sample(other, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('stops the start, naming METRICS_PORT, when its port is taken', async () => {
    const taken = first.app.metrics.address()!.port;
    const testApp = await createTestApp('pglite', { METRICS_PORT: String(taken) });
    try {
      await expect(testApp.app.ready()).rejects.toThrow(
        `The metrics listener could not listen on 127.0.0.1:${taken} (METRICS_PORT): EADDRINUSE`,
      );
    } finally {
      await testApp.close();
    }
  });

  it('answers 404 for anything but GET /metrics on the metrics listener', async () => {
    const res = await fetch(`http://127.0.0.1:${first.app.metrics.address()!.port}/`);
    expect(res.status).toBe(404);
  });
});
