import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';

describe.each(databaseTargets)('GET /api/health on %s', (target) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('answers 200 { status: "ok" } while the database answers', async () => {
    const testApp = await createTestApp(target);
    close = testApp.close;
    const res = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 with a message once the database is gone', async () => {
    const testApp = await createTestApp(target);
    close = testApp.close;
    await testApp.app.database.close();
    const res = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      message: 'The database is not answering.',
      code: 'SERVICE_UNAVAILABLE',
    });
    // The app's own onClose closes the handle again; it must not matter.
    testApp.app.database.close = async () => {};
  });
});

describe('GET /api/health on the embedded database under frequent checks', () => {
  it('shares one database ping between checks less than a second apart', async () => {
    let now = new Date('2026-03-01T12:00:00Z').getTime();
    const testApp = await createTestApp('pglite', {}, { clock: () => new Date(now) });
    try {
      const { database } = testApp.app;
      const ping = database.ping;
      let pings = 0;
      database.ping = () => {
        pings += 1;
        return ping();
      };
      const burst = await Promise.all(
        Array.from({ length: 20 }, () => testApp.app.inject({ method: 'GET', url: '/api/health' })),
      );
      expect(burst.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
      expect(pings).toBe(1);

      // A database that stops answering is reported once the last good ping is a second old.
      database.ping = () => Promise.reject(new Error('gone'));
      now += 999;
      expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(
        200,
      );
      now += 1;
      const down = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ message: 'The database is not answering.' });
      // A failed ping is not kept: the next check asks again and sees the database back.
      database.ping = ping;
      expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(
        200,
      );
    } finally {
      await testApp.close();
    }
  });
});

describe.each(databaseTargets)('liveness and readiness on %s', (target) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('is live and ready while the database answers with every migration applied', async () => {
    const testApp = await createTestApp(target);
    close = testApp.close;
    const live = await testApp.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('is not ready, but still live, when the newest migration is missing', async () => {
    const testApp = await createTestApp(target);
    close = testApp.close;
    await testApp.app.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      message:
        'The database schema is older than this version of WikiLogos: its migrations have not been applied.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(
      200,
    );
  });

  it('is not ready, but still live, once the database is gone', async () => {
    const testApp = await createTestApp(target);
    close = testApp.close;
    await testApp.app.database.close();
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      message: 'The database is not answering.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(
      200,
    );
    testApp.app.database.close = async () => {};
  });
});
