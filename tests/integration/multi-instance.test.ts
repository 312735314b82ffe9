import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startInstances, type Instances } from '../../scripts/multi-instance.ts';
import { createPostgresDatabase, describeOnPostgresAndRedis } from '#tests/support/test-app.ts';

/*
 * The scale-out path, with real processes: two instances of `node src/server/server.ts` on one
 * PostgreSQL database and one Redis, as behind a load balancer, driven alternately. They start at
 * the same moment on an empty database, so both try to migrate it at once.
 */

const RATE_LIMIT = 20;
const journal = JSON.parse(
  readFileSync(
    new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url),
    'utf8',
  ),
) as { entries: Array<{ tag: string }> };

// Each scenario is a different client address (X-Forwarded-For, trusted as behind a load
// balancer), so the shared rate-limit counters in Redis never mix scenarios or earlier runs.
const clientAddress = () => `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;

type Client = { ip: string; cookie?: string };

async function call(
  base: string,
  client: Client,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-forwarded-for': client.ip,
      ...(client.cookie ? { cookie: client.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as Record<string, unknown>,
    setCookies: res.headers.getSetCookie(),
  };
}

async function register(base: string, client: Client, username: string) {
  const password = `${username}-password`;
  const res = await call(base, client, 'POST', '/api/users/register', {
    username,
    email: `${username}@example.com`,
    password,
    confirmPassword: password,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = res.setCookies.find((c) => c.startsWith('wl_session='));
  expect(session, 'a session cookie is set').toBeTruthy();
  client.cookie = session!.split(';')[0]!;
  return res.body as { id: number; username: string };
}

describeOnPostgresAndRedis('two instances on one PostgreSQL and one Redis (real processes)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let instances: Instances | undefined;
  let a: string;
  let b: string;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    database = await createPostgresDatabase();
    try {
      instances = await startInstances({
        databaseUrl: database.url,
        redisUrl: process.env.REDIS_URL!,
        env: { RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), TRUST_PROXY: '127.0.0.1/32,::1' },
      });
    } catch (error) {
      await database.drop();
      throw error;
    }
    [a, b] = instances.urls as [string, string];
  }, 60_000);

  afterAll(async () => {
    try {
      await instances?.stop();
    } finally {
      await database?.drop();
    }
  });

  it('both start at the same moment on an empty database: healthy, migrated exactly once', async () => {
    for (const url of [a, b]) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const migrations = await client.query<{ hash: string; times: number }>(
        'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash',
      );
      expect(migrations.rows).toHaveLength(journal.entries.length);
      expect(migrations.rows.every((row) => row.times === 1)).toBe(true);
      const admins = await client.query<{ n: number }>(
        'select count(*)::int as n from users where is_admin',
      );
      expect(admins.rows[0]!.n, 'one administrator, created by one instance').toBe(1);
    } finally {
      await client.end();
    }
    const created = instances!.servers.filter((s) =>
      s.output().includes('Created the administrator'),
    );
    expect(created).toHaveLength(1);
  });

  it('a session created on A works on B, and signing out on B ends it on A', async () => {
    const client: Client = { ip: clientAddress() };
    const user = await register(a, client, `multi_${suffix}`);
    const onB = await call(b, client, 'GET', '/api/user');
    expect(onB.status, JSON.stringify(onB.body)).toBe(200);
    expect(onB.body).toMatchObject({ id: user.id, username: user.username });
    expect((await call(a, client, 'GET', '/api/user')).status).toBe(200);

    const out = await call(b, client, 'POST', '/api/logout');
    expect(out.status).toBe(200);
    // The browser would drop the cookie; an old copy of it must not work anywhere either.
    for (const url of [a, b]) {
      const after = await call(url, client, 'GET', '/api/user');
      // Answered as a visitor: 200 with no user.
      expect(after.status).toBe(200);
      expect(after.body).toBeNull();
    }
  });

  it('the quota race: 30 concurrent downloads alternating A/B give exactly 10', async () => {
    const owner: Client = { ip: clientAddress() };
    await register(a, owner, `race_${suffix}`);
    // 30 requests from one address would meet the small rate limit of this pair first; the
    // quota belongs to the account, so each request comes as if from another device.
    const devices = Array.from({ length: 30 }, () => ({ ...owner, ip: clientAddress() }));
    const responses = await Promise.all(
      devices.map((device, i) =>
        call(i % 2 === 0 ? a : b, device, 'POST', '/api/downloads/track', {
          logoUrl: `https://upload.wikimedia.org/wikipedia/commons/a/a${i}/Race_${i}.svg`,
          logoTitle: `Race ${i}`,
        }),
      ),
    );
    const counts: Record<number, number> = {};
    for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
    expect(counts).toEqual({ 200: 10, 403: 20 });
    for (const refused of responses.filter((r) => r.status === 403))
      expect(refused.body).toMatchObject({ message: expect.any(String), downloadCount: 10 });

    for (const url of [a, b]) {
      const history = await call(
        url,
        { ...owner, ip: clientAddress() },
        'GET',
        '/api/user/downloads',
      );
      expect(history.status).toBe(200);
      expect(history.body.history).toHaveLength(10);
    }
  });

  it(`rate limits are shared: ${RATE_LIMIT} requests split across A and B exhaust the limit on both`, async () => {
    const client: Client = { ip: clientAddress() };
    for (let i = 0; i < RATE_LIMIT; i++) {
      const res = await call(i % 2 === 0 ? a : b, client, 'GET', '/api/downloads/check-limit');
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    for (const url of [a, b]) {
      const res = await call(url, client, 'GET', '/api/downloads/check-limit');
      expect(res.status).toBe(429);
      expect(res.body).toEqual({
        message: expect.stringMatching(/^Too many requests\./),
        code: 'RATE_LIMITED',
      });
    }
    // Another client is not affected.
    expect(
      (await call(b, { ip: clientAddress() }, 'GET', '/api/downloads/check-limit')).status,
    ).toBe(200);
  });
});
