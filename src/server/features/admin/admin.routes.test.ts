import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminUser, AuditEntry } from '#shared/admin/admin.schemas.ts';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';
import {
  SESSION_COOKIE,
  login,
  manualClock,
  register,
  sessionOf,
  whoAmI,
} from '#tests/support/accounts-fixtures.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe.each(databaseTargets)('admin area on %s', (target) => {
  const clock = manualClock();
  let testApp: TestApp;
  let adminSession: string;
  let adminPassword = 'test-admin-password';
  const app = () => testApp.app;
  const cookies = (session: string) => ({ [SESSION_COOKIE]: session });

  beforeAll(async () => {
    testApp = await createTestApp(target, {}, { clock: clock.now });
    adminSession = sessionOf(await login(app(), 'admin', adminPassword));
  });
  afterAll(() => testApp.close());

  function asAdmin(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    session = adminSession,
  ) {
    return app().inject({
      method,
      url,
      cookies: cookies(session),
      ...(payload ? { payload } : {}),
    });
  }

  async function users(search?: string) {
    const res = await asAdmin(
      'GET',
      `/api/admin/users${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ users: AdminUser[] }>().users;
  }

  async function auditLog() {
    const res = await asAdmin('GET', '/api/admin/audit-log');
    expect(res.statusCode).toBe(200);
    return res.json<{ entries: AuditEntry[] }>().entries;
  }

  const grant = (userId: number, months = 1) =>
    asAdmin('POST', '/api/admin/grant-subscription', { userId, months });

  it('lists every account with its effective plan, and searches names and emails', async () => {
    const alice = await register(app(), 'Alice', { email: 'alice@wonder.example' });
    await register(app(), 'Bob', { email: 'bob@builder.example' });
    await register(app(), 'per_cent');
    expect((await grant(alice.user.id)).statusCode).toBe(200);

    const all = await users();
    expect(all.map((u) => u.username)).toEqual(expect.arrayContaining(['Alice', 'Bob', 'admin']));
    const aliceRow = all.find((u) => u.username === 'Alice')!;
    expect(aliceRow).toMatchObject({
      id: alice.user.id,
      email: 'alice@wonder.example',
      plan: 'Premium',
      isSubscribed: true,
      downloadCount: 0,
      hasStripeSubscription: false,
    });
    expect(all.find((u) => u.username === 'Bob')).toMatchObject({ plan: 'Free' });
    expect(JSON.stringify(all)).not.toMatch(/password/i);

    expect((await users('aLI')).map((u) => u.username)).toEqual(['Alice']);
    expect((await users('BUILDER.example')).map((u) => u.username)).toEqual(['Bob']);
    // Wildcards are literal: '_' matches only names with an underscore, '%' matches nothing.
    expect((await users('_')).map((u) => u.username)).toEqual(['per_cent']);
    expect(await users('%')).toEqual([]);
    expect((await users('  ')).length).toBe(all.length);
  });

  it('ends Premium on downgrade and refuses users without Premium', async () => {
    const carol = await register(app(), 'Carol');
    const free = await asAdmin('POST', '/api/admin/downgrade-subscription', {
      userId: carol.user.id,
    });
    expect(free.statusCode).toBe(409);
    expect(free.json()).toEqual({
      message: 'This user does not have Premium.',
      code: 'NOT_PREMIUM',
    });

    await grant(carol.user.id, 12);
    expect((await whoAmI(app(), carol.session)).json().isSubscribed).toBe(true);
    const res = await asAdmin('POST', '/api/admin/downgrade-subscription', {
      userId: carol.user.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('Carol');
    expect((await whoAmI(app(), carol.session)).json()).toMatchObject({
      isSubscribed: false,
      subscriptionExpiryDate: null,
    });
    expect((await users('carol'))[0]).toMatchObject({ plan: 'Free' });

    const missing = await asAdmin('POST', '/api/admin/downgrade-subscription', {
      userId: 2_000_000_000,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });

    const bad = await asAdmin('POST', '/api/admin/downgrade-subscription', { userId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'userId must be a whole number.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('deletes users with their sessions, but never an administrator', async () => {
    const dave = await register(app(), 'Dave');
    const res = await asAdmin('DELETE', `/api/admin/users/${dave.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('Dave');
    expect((await whoAmI(app(), dave.session)).json()).toBeNull();
    expect(await users('dave')).toEqual([]);

    const adminId = (await whoAmI(app(), adminSession)).json().id;
    const self = await asAdmin('DELETE', `/api/admin/users/${adminId}`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({
      message: 'Administrator accounts cannot be deleted',
      code: 'ADMIN_NOT_DELETABLE',
    });

    const missing = await asAdmin('DELETE', `/api/admin/users/${dave.user.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
  });

  it('refuses an administrator granting or downgrading their own account', async () => {
    const adminId = (await whoAmI(app(), adminSession)).json().id;
    const own = {
      message: 'You cannot change your own plan from the admin area.',
      code: 'OWN_ACCOUNT',
    };
    const granted = await grant(adminId, 12);
    expect(granted.statusCode).toBe(403);
    expect(granted.json()).toEqual(own);
    const downgraded = await asAdmin('POST', '/api/admin/downgrade-subscription', {
      userId: adminId,
    });
    expect(downgraded.statusCode).toBe(403);
    expect(downgraded.json()).toEqual(own);
    expect((await users('admin')).find((u) => u.id === adminId)).toMatchObject({ plan: 'Free' });
  });

  it('reports whether test accounts are allowed and refuses them when they are not', async () => {
    const config = await asAdmin('GET', '/api/admin/config');
    expect(config.json()).toEqual({ allowTestAccounts: false });
    const before = (await users()).length;
    const res = await asAdmin('POST', '/api/admin/reset-all-users');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Test accounts are disabled on this server',
      code: 'TEST_ACCOUNTS_DISABLED',
    });
    expect((await users()).length).toBe(before);
  });

  it('gives the calling administrator a new strong password and ends their other sessions', async () => {
    const other = sessionOf(await login(app(), 'admin', adminPassword));
    const res = await asAdmin('POST', '/api/admin/reset');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { username, password } = res.json<{ username: string; password: string }>();
    expect(username).toBe('admin');
    expect(password.length).toBeGreaterThanOrEqual(20);

    expect((await whoAmI(app(), other)).json()).toBeNull();
    expect((await whoAmI(app(), adminSession)).statusCode).toBe(200);
    expect((await login(app(), 'admin', adminPassword, { ip: '10.8.0.1' })).statusCode).toBe(401);
    const fresh = await login(app(), 'admin', password, { ip: '10.8.0.2' });
    expect(fresh.statusCode).toBe(200);
    adminPassword = password;
  });

  it('writes an audit entry for every admin action, newest first', async () => {
    const entries = await auditLog();
    const actions = entries.map((e) => e.action);
    for (const action of [
      'grant-subscription',
      'downgrade-subscription',
      'delete-user',
      'reset-credentials',
    ]) {
      expect(actions, action).toContain(action);
    }
    // Refused actions change nothing and are not recorded.
    expect(actions).not.toContain('reset-all-users');
    const deletion = entries.find((e) => e.action === 'delete-user')!;
    expect(deletion).toMatchObject({ actor: 'admin', target: expect.stringMatching(/^user Dave/) });
    const grants = entries.filter((e) => e.action === 'grant-subscription').map((e) => e.detail);
    expect(grants).toEqual([
      expect.stringMatching(/^12 months, until \d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^1 month, until \d{4}-\d{2}-\d{2}$/),
    ]);
    expect(JSON.stringify(entries)).not.toContain(adminPassword);
    const times = entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses every admin route to guests (401) and other users (403), whatever the URL says', async () => {
    const eve = await register(app(), 'Eve');
    const adminId = (await whoAmI(app(), adminSession)).json().id;
    const forged = `admin=true&userId=${adminId}&adminId=${adminId}`;
    const routes: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/config'],
      ['GET', '/api/admin/audit-log'],
      ['GET', '/api/admin/premium-codes'],
      ['POST', '/api/admin/premium-codes', { duration: 30 }],
      ['PUT', '/api/admin/premium-codes/1/invalidate'],
      ['POST', '/api/admin/grant-subscription', { userId: eve.user.id, months: 12 }],
      ['POST', '/api/admin/downgrade-subscription', { userId: eve.user.id }],
      ['DELETE', `/api/admin/users/${eve.user.id}`],
      ['POST', '/api/admin/reset'],
      ['POST', '/api/admin/reset-all-users'],
    ];
    for (const [method, url, body] of routes) {
      for (const [session, status] of [
        [undefined, 401],
        [eve.session, 403],
      ] as const) {
        const res = await app().inject({
          method,
          url: `${url}?${forged}`,
          ...(body ? { payload: { ...body, admin: true, adminId } } : {}),
          ...(session ? { cookies: cookies(session) } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    }
    expect((await whoAmI(app(), eve.session)).json()).toMatchObject({ isSubscribed: false });
  });
});

describe.each(databaseTargets)('test accounts enabled on %s', (target) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(target, { ALLOW_TEST_ACCOUNTS: 'true' });
  });
  afterAll(() => testApp.close());

  it('replaces every non-administrator with test accounts whose passwords are shown once', async () => {
    const app = testApp.app;
    const frank = await register(app, 'Frank');
    const adminSession = sessionOf(await login(app, 'admin', 'test-admin-password'));
    const config = await app.inject({
      method: 'GET',
      url: '/api/admin/config',
      cookies: { [SESSION_COOKIE]: adminSession },
    });
    expect(config.json()).toEqual({ allowTestAccounts: true });

    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/reset-all-users',
      cookies: { [SESSION_COOKIE]: adminSession },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { testUsers } = res.json<{
      testUsers: Array<{ username: string; password: string; plan: string }>;
    }>();
    expect(testUsers.map((u) => u.plan)).toEqual(['Free', 'Free', 'Premium']);

    expect((await whoAmI(app, frank.session)).json()).toBeNull();
    expect((await whoAmI(app, adminSession)).statusCode).toBe(200);
    for (const [i, user] of testUsers.entries()) {
      expect(user.password.length).toBeGreaterThanOrEqual(20);
      const signedIn = await login(app, user.username, user.password, { ip: `10.7.0.${i}` });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().isSubscribed).toBe(user.plan === 'Premium');
    }

    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/users',
      cookies: { [SESSION_COOKIE]: adminSession },
    });
    expect(
      list
        .json<{ users: AdminUser[] }>()
        .users.map((u) => u.username)
        .sort(),
    ).toEqual(['admin', ...testUsers.map((u) => u.username)].sort());

    const audit = await app.inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      cookies: { [SESSION_COOKIE]: adminSession },
    });
    const entry = audit.json<{ entries: AuditEntry[] }>().entries[0]!;
    expect(entry).toMatchObject({ action: 'reset-all-users', actor: 'admin' });
    expect(entry.detail).toMatch(/deleted 1 account/);
    for (const user of testUsers) expect(audit.body).not.toContain(user.password);
  });
});

describe.each(databaseTargets)('the admin user list a page at a time on %s', (target) => {
  const ACCOUNTS = 10_000;
  let testApp: TestApp;
  let adminSession: string;

  beforeAll(async () => {
    testApp = await createTestApp(target);
    adminSession = sessionOf(await login(testApp.app, 'admin', 'test-admin-password'));
    // Accounts made in bulk, each a second younger than the one before, all younger than the
    // administrator: the administrator is the oldest account, on the very last page.
    await testApp.app.database.db.execute(sql`
      insert into users (username, email, created_at, updated_at)
      select 'bulk' || lpad(i::text, 5, '0'), 'bulk' || i || '@example.com',
             (select created_at from users where is_admin) + i * interval '1 second', now()
      from generate_series(1, ${ACCOUNTS}::int) as i`);
  });
  afterAll(() => testApp.close());

  async function page(query: string) {
    const res = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/users${query}`,
      cookies: { [SESSION_COOKIE]: adminSession },
    });
    return res;
  }
  async function okPage(query: string) {
    const res = await page(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ users: AdminUser[]; total: number; page: number; pageSize: number }>();
  }
  const names = (list: { users: AdminUser[] }) => list.users.map((u) => u.username);

  it('answers the newest 50 with the total of every account', async () => {
    const first = await okPage('');
    expect(first).toMatchObject({ total: ACCOUNTS + 1, page: 1, pageSize: 50 });
    expect(names(first)).toHaveLength(50);
    expect(names(first)[0]).toBe('bulk10000');
    expect(names(first)[49]).toBe('bulk09951');

    const second = await okPage('?page=2');
    expect(names(second)[0]).toBe('bulk09950');
  });

  it('reaches every account, the administrator and the oldest ones included, page by page', async () => {
    const seen: AdminUser[] = [];
    let pages = 0;
    for (let n = 1; ; n++) {
      const list = await okPage(`?page=${n}&pageSize=200`);
      expect(list.total).toBe(ACCOUNTS + 1);
      if (list.users.length === 0) break;
      pages++;
      seen.push(...list.users);
    }
    expect(pages).toBe(Math.ceil((ACCOUNTS + 1) / 200));
    expect(new Set(seen.map((u) => u.id)).size).toBe(ACCOUNTS + 1);
    const created = seen.map((u) => u.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(seen.at(-2)?.username).toBe('bulk00001');
    expect(seen.at(-1)).toMatchObject({ username: 'admin', isAdmin: true });

    const last = await okPage(`?page=${Math.ceil((ACCOUNTS + 1) / 50)}`);
    expect(names(last)).toEqual(['admin']);
    const beyond = await okPage(`?page=${Math.ceil((ACCOUNTS + 1) / 50) + 1}`);
    expect(beyond).toMatchObject({ users: [], total: ACCOUNTS + 1 });
  });

  it('pages through search results, matching names and emails whatever the case', async () => {
    const byName = await okPage('?search=BULK0000&pageSize=5&page=2');
    expect(byName.total).toBe(9);
    expect(names(byName)).toEqual(['bulk00004', 'bulk00003', 'bulk00002', 'bulk00001']);

    const byEmail = await okPage(`?search=${encodeURIComponent('Bulk5@EXAMPLE')}`);
    expect(byEmail).toMatchObject({ total: 1, page: 1 });
    expect(names(byEmail)).toEqual(['bulk00005']);

    const none = await okPage('?search=nobody-by-that-name');
    expect(none).toMatchObject({ users: [], total: 0 });
  });

  it('refuses a page below 1, pages of more than 200 and unsearchable text with a message', async () => {
    expect((await okPage('?pageSize=200')).users).toHaveLength(200);
    for (const [query, message] of [
      ['?pageSize=201', 'The page size must be a whole number from 1 to 200.'],
      ['?pageSize=0', 'The page size must be a whole number from 1 to 200.'],
      ['?pageSize=ten', 'The page size must be a whole number from 1 to 200.'],
      ['?page=0', 'The page must be a whole number from 1 to 1,000,000.'],
      ['?page=-1', 'The page must be a whole number from 1 to 1,000,000.'],
      ['?page=1.5', 'The page must be a whole number from 1 to 1,000,000.'],
      ['?page=99999999999999999999', 'The page must be a whole number from 1 to 1,000,000.'],
      // No name or address can hold a NUL; the database would refuse to compare one.
      ['?search=a%00b', 'Search text cannot contain control characters.'],
    ] as const) {
      const res = await page(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message, code: 'VALIDATION_FAILED' });
    }
  });
});
