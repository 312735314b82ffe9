import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, register, sessionOf } from '#tests/support/accounts-fixtures.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { requireAdmin } from './auth.ts';

describe('requireAdmin on a route plugin', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    await testApp.app.register(
      async (admin) => {
        admin.addHook('preValidation', requireAdmin);
        admin.get('/secret', async () => ({ ok: true }));
        admin.post('/secret', async () => ({ ok: true }));
      },
      { prefix: '/api/test-admin' },
    );
  });
  afterAll(() => testApp.close());

  it('lets only an administrator session through, whatever the request claims', async () => {
    const user = (await register(testApp.app, 'plain-user')).session;
    const admin = sessionOf(await login(testApp.app, 'admin', 'test-admin-password'));
    const call = (session?: string, method: 'GET' | 'POST' = 'GET') =>
      testApp.app.inject({
        method,
        url: '/api/test-admin/secret?admin=true&adminId=1',
        ...(method === 'POST' ? { payload: { admin: true, isAdmin: true } } : {}),
        ...(session ? { cookies: { wl_session: session } } : {}),
      });
    const anonymous = await call();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      message: 'Please sign in to continue.',
      code: 'SIGN_IN_REQUIRED',
    });
    for (const method of ['GET', 'POST'] as const) {
      const refused = await call(user, method);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: 'You must be an administrator to access this page',
        code: 'ADMIN_REQUIRED',
      });
      expect((await call(admin, method)).statusCode).toBe(200);
    }
  });
});
