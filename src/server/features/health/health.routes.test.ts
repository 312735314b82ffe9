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
