import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeOnRedis } from '#tests/support/test-app.ts';

// A random client address per run, so counters left in a shared Redis by an earlier run never count.
const clientAddress = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const LIMIT = 600;

describe('API rate limit (in memory)', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
  });
  afterAll(() => testApp.close());

  it(`refuses the ${LIMIT + 1}st request in a minute from one address with a readable 429`, async () => {
    const ip = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      statuses.push(
        (await testApp.app.inject({ method: 'GET', url: '/api/unknown', remoteAddress: ip }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 404)).toBe(true);
    const res = await testApp.app.inject({ method: 'GET', url: '/api/unknown', remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
    // Another visitor is not affected.
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/unknown',
          remoteAddress: clientAddress(),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('API rate limit on signed-in routes', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp('pglite', { RATE_LIMIT_PER_MINUTE: '10' });
  });
  afterAll(() => testApp.close());

  it('counts refused visitors too: 401s until the limit, then 429', async () => {
    const ip = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      for (const url of ['/api/user/export', '/api/admin/users']) {
        statuses.push(
          (await testApp.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode,
        );
      }
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
  });
});

describeOnRedis('API rate limit shared through Redis', () => {
  const apps: Array<Awaited<ReturnType<typeof createTestApp>>> = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++)
      apps.push(await createTestApp('pglite', { REDIS_URL: process.env.REDIS_URL }));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('counts requests to two instances against one budget', async () => {
    const ip = clientAddress();
    for (let i = 0; i < LIMIT; i++) {
      const app = apps[i % 2]!.app;
      expect(
        (await app.inject({ method: 'GET', url: '/api/unknown', remoteAddress: ip })).statusCode,
      ).toBe(404);
    }
    for (const { app } of apps) {
      expect(
        (await app.inject({ method: 'GET', url: '/api/unknown', remoteAddress: ip })).statusCode,
      ).toBe(429);
    }
  });
});
