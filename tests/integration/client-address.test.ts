import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';

/*
 * Which address is the client's, seen through real HTTP (not inject): the per-address sign-in
 * limit shows it. Five wrong passwords lock (account, address); a sign-in from the same address
 * is then refused and one from another address is not.
 */

async function signIn(base: string, password: string, forwardedFor?: string) {
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return res.status;
}

async function lockFrom(base: string, forwardedFor?: string) {
  for (let i = 0; i < 5; i++) expect(await signIn(base, 'wrong-password', forwardedFor)).toBe(401);
}

describe('client addresses behind a trusted proxy (TRUST_PROXY=127.0.0.1/32)', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  beforeAll(async () => {
    testApp = await createTestApp('pglite', { TRUST_PROXY: '127.0.0.1/32' });
    base = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => testApp.close());

  it('the client is the entry the proxy added (10.9.0.1), never one the client wrote', async () => {
    await lockFrom(base, '203.0.113.1, 10.9.0.1');
    // The client changes what it wrote: still 10.9.0.1, still locked.
    expect(await signIn(base, 'test-admin-password', '198.51.100.7, 10.9.0.1')).toBe(429);
    expect(await signIn(base, 'test-admin-password', '10.9.0.1')).toBe(429);
    // Another client behind the proxy is not.
    expect(await signIn(base, 'test-admin-password', '203.0.113.1, 10.9.0.2')).toBe(200);
  });
});

describe('client addresses without TRUST_PROXY (the default)', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    base = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => testApp.close());

  it('X-Forwarded-For is ignored: the connection address is the client', async () => {
    await lockFrom(base, '10.9.0.1');
    expect(await signIn(base, 'test-admin-password', '10.9.0.2')).toBe(429);
    expect(await signIn(base, 'test-admin-password')).toBe(429);
  });
});
