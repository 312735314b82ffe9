import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS } from '#server/db/client.ts';
import { startWikimediaFake, type WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts';
import { createPostgresDatabase, describeOnPostgres } from '#tests/support/test-app.ts';

/**
 * PostgreSQL goes away under a running app (a TCP proxy between them is cut) and comes back.
 * Requests that need the database get a 503 with a message, quickly; the rest keep working; and
 * the app recovers on its own once the database is reachable again.
 */
const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';
/** A reset connection fails at once; the slowest way to fail is a connection that cannot open. */
const RESET_BOUND_MS = CONNECT_TIMEOUT_MS + 2_000;
/**
 * When nothing answers at all, a query on an open connection gives up after QUERY_TIMEOUT_MS and a
 * new connection after CONNECT_TIMEOUT_MS; either way the request ends soon after.
 */
const BLACKHOLE_BOUND_MS = Math.max(QUERY_TIMEOUT_MS, CONNECT_TIMEOUT_MS) + 3_000;

describeOnPostgres('PostgreSQL connection cut', () => {
  let proxy: TcpProxy;
  let fake: WikimediaFake;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let clientDir: string;
  let app: App;
  const credentials = { username: 'outage-user', password: 'outage-password' };

  beforeAll(async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) });
    fake = await startWikimediaFake();
    database = await createPostgresDatabase();
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-client-'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>WikiLogos</title>');
    await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *\n');

    const throughProxy = new URL(database.url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    const config = loadConfig(
      {
        LOG_LEVEL: 'silent',
        ADMIN_PASSWORD: 'test-admin-password',
        PUBLIC_URL: 'http://localhost:3000',
        COMMONS_API_URL: fake.commonsApiUrl,
        WIKIDATA_API_URL: fake.wikidataApiUrl,
        DATABASE_URL: throughProxy.toString(),
      },
      { inMemoryDatabase: true, clientDir },
    );
    app = await buildApp(config);
    const registered = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        ...credentials,
        email: 'outage@example.com',
        confirmPassword: credentials.password,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
  });
  afterAll(async () => {
    proxy?.restore();
    await app?.close();
    await database?.drop();
    await proxy?.close();
    await fake?.close();
    if (clientDir) await rm(clientDir, { recursive: true, force: true });
  });

  async function timed(options: InjectOptions) {
    const started = performance.now();
    const res = await app.inject(options);
    return { res, ms: performance.now() - started };
  }

  const signIn = () =>
    app.inject({ method: 'POST', url: '/api/users/login', payload: credentials });
  const sessionCookie = (res: LightMyRequestResponse) => {
    const cookie = res.cookies.find((c) => c.name === 'wl_session');
    expect(cookie, 'a session cookie').toBeDefined();
    return { wl_session: cookie!.value };
  };
  const track = (cookies: Record<string, string>, n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/downloads/track',
      cookies,
      payload: { logoUrl: `https://upload.wikimedia.org/outage-${n}.svg`, logoTitle: `Logo ${n}` },
    });

  it('answers 503 with a message while the database is unreachable, and recovers by itself', async () => {
    const signedIn = await signIn();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookies = sessionCookie(signedIn);
    const before = await app.inject({ method: 'GET', url: '/api/user', cookies });
    const countBefore = before.json<{ downloadCount: number }>().downloadCount;
    expect((await track(cookies, 1)).statusCode).toBe(200);

    proxy.cut();

    const needsDatabase: Array<[string, InjectOptions]> = [
      ['health', { method: 'GET', url: '/api/health' }],
      ['sign-in', { method: 'POST', url: '/api/users/login', payload: credentials }],
      [
        'track (guest)',
        {
          method: 'POST',
          url: '/api/downloads/track',
          payload: { logoUrl: 'https://upload.wikimedia.org/guest.svg', logoTitle: 'Guest' },
        },
      ],
      [
        'track (signed in)',
        {
          method: 'POST',
          url: '/api/downloads/track',
          cookies,
          payload: { logoUrl: 'https://upload.wikimedia.org/cut.svg', logoTitle: 'Cut' },
        },
      ],
      ['current user', { method: 'GET', url: '/api/user', cookies }],
      ['history', { method: 'GET', url: '/api/user/downloads', cookies }],
    ];
    // Twice: the first round meets the pool's broken connections, the second opens new ones.
    for (const round of [1, 2]) {
      for (const [name, options] of needsDatabase) {
        const { res, ms } = await timed(options);
        const label = `${name}, round ${round}: ${res.body}`;
        expect(res.statusCode, label).toBe(503);
        expect(res.headers['content-type'], label).toContain('application/json');
        const body = res.json<{ message: string; status?: string }>();
        if (name === 'health') {
          expect(body).toEqual({
            status: 'unavailable',
            message: 'The database is not answering.',
            code: 'SERVICE_UNAVAILABLE',
          });
        } else {
          expect(body, label).toEqual({ message: UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });
        }
        expect(ms, label).toBeLessThan(RESET_BOUND_MS);
      }
    }

    // What does not need the database keeps working.
    const search = await app.inject({ method: 'GET', url: '/api/search?q=github' });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json<{ logos: unknown[] }>().logos.length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/search/samples' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/icons/github.svg' })).statusCode).toBe(
      200,
    );
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>WikiLogos</title>');
    expect((await app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    // A signed-in visitor's session is read from the database on every request, so even a search
    // cannot say who they are; it fails with the same clear 503, never a 500.
    const signedInSearch = await app.inject({
      method: 'GET',
      url: '/api/search?q=github',
      cookies,
    });
    expect(signedInSearch.statusCode).toBe(503);
    expect(signedInSearch.json()).toEqual({ message: UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });

    proxy.restore();

    // No restart: the very next requests succeed on fresh connections.
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const me = await app.inject({ method: 'GET', url: '/api/user', cookies });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      username: credentials.username,
      downloadCount: countBefore + 1,
    });
    const again = await signIn();
    expect(again.statusCode, again.body).toBe(200);
    const fresh = sessionCookie(again);
    expect((await track(fresh, 2)).statusCode).toBe(200);
    const history = await app.inject({ method: 'GET', url: '/api/user/downloads', cookies: fresh });
    expect(history.statusCode, history.body).toBe(200);
    // Nothing was half-written while the database was gone: only the acknowledged downloads.
    expect(JSON.stringify(history.json())).not.toContain('cut.svg');
    const me2 = await app.inject({ method: 'GET', url: '/api/user', cookies: fresh });
    expect(me2.json()).toMatchObject({ downloadCount: countBefore + 2 });
  });

  it('answers 503 in bounded time when the database stops answering, and recovers by itself', async () => {
    const signedIn = await signIn();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookies = sessionCookie(signedIn);
    // Open several pooled connections first, so some requests meet a connection that goes silent.
    const warm = await Promise.all(Array.from({ length: 6 }, (_, i) => track(cookies, 100 + i)));
    expect(warm.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const before = (await app.inject({ method: 'GET', url: '/api/user', cookies })).json<{
      downloadCount: number;
    }>().downloadCount;

    proxy.cut('blackhole');
    const answers = await Promise.all([
      timed({ method: 'GET', url: '/api/health' }),
      timed({ method: 'POST', url: '/api/users/login', payload: credentials }),
      timed({ method: 'GET', url: '/api/user', cookies }),
      ...Array.from({ length: 6 }, (_, i) =>
        timed({
          method: 'POST',
          url: '/api/downloads/track',
          payload: { logoUrl: `https://upload.wikimedia.org/silent-${i}.svg`, logoTitle: 'x' },
        }),
      ),
    ]);
    for (const { res, ms } of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json<{ message: string }>().message).toMatch(/unavailable|not answering/);
      expect(ms).toBeLessThan(BLACKHOLE_BOUND_MS);
    }
    // Search needs no database and is not held up by it.
    const search = await timed({ method: 'GET', url: '/api/search?q=github' });
    expect(search.res.statusCode).toBe(200);

    proxy.restore();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    const again = await signIn();
    expect(again.statusCode, again.body).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/user', cookies: sessionCookie(again) });
    expect(me.statusCode, me.body).toBe(200);
    // The downloads refused during the outage were not recorded.
    expect(me.json<{ downloadCount: number }>().downloadCount).toBe(before);
    // No connection leaked out of the pool (10 clients): more parallel transactions than that
    // all succeed.
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/downloads/track',
          payload: { logoUrl: `https://upload.wikimedia.org/after-${i}.svg`, logoTitle: 'x' },
        }),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
  });
});
