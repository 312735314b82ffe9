import { afterEach, describe, expect, it } from 'vitest';
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
    });
    // The app's own onClose closes the handle again; it must not matter.
    testApp.app.database.close = async () => {};
  });
});
