import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';

/**
 * Every /api route, walked by every kind of caller. Identity comes only from the session cookie:
 * a forged `userId`/`adminId` or `admin=true` never changes who the caller is (spec README,
 * decision 004). Later issues add their routes here; a route missing from the table fails the
 * coverage test below.
 */
type Actor = 'anonymous' | 'userA' | 'userB' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'userA', 'userB', 'admin'];
type Ids = Record<Exclude<Actor, 'anonymous'>, number>;
type Expected = Record<Actor, number>;

type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered (for the coverage check). */
  route: string;
  url: (ids: Ids, n: number) => string;
  payload?: (ids: Ids, n: number) => Record<string, unknown>;
  expect: Expected;
  /** Checks on a successful answer (e.g. whose data came back). */
  check?: (res: LightMyRequestResponse, actor: Actor, ids: Ids) => void;
};

const everyone = (status: number): Expected => ({
  anonymous: status,
  userA: status,
  userB: status,
  admin: status,
});
const signedIn: Expected = { anonymous: 401, userA: 200, userB: 200, admin: 200 };
const onlyA: Expected = { anonymous: 401, userA: 200, userB: 403, admin: 403 };
const isSelf = (res: LightMyRequestResponse, actor: Actor, ids: Ids) => {
  if (actor === 'anonymous') return;
  const body = res.json<{ id?: number; user?: { id: number } }>();
  expect(body.user?.id ?? body.id, `${actor} gets their own account`).toBe(ids[actor]);
};

const ROWS: Row[] = [
  // Public: logo search and files.
  { method: 'GET', route: '/api/health', url: () => '/api/health', expect: everyone(200) },
  { method: 'GET', route: '/api/search', url: () => '/api/search?q=github', expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/search/samples',
    url: () => '/api/search/samples',
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/search/suggest',
    url: () => '/api/search/suggest?q=goo',
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/icons/:slug.svg',
    url: () => '/api/icons/github.svg',
    expect: everyone(200),
  },
  // A file address outside the allowed hosts: refused the same way for everyone (and no network).
  {
    method: 'GET',
    route: '/api/files',
    url: () => '/api/files?url=http%3A%2F%2F127.0.0.1%2Flogo.svg',
    expect: everyone(400),
  },

  // Public: accounts.
  {
    method: 'POST',
    route: '/api/users/register',
    url: () => '/api/users/register',
    payload: (_ids, n) => ({
      username: `new${n}`,
      email: `new${n}@example.com`,
      password: 'secret1',
      confirmPassword: 'secret1',
    }),
    expect: everyone(201),
    check: (res) => expect(res.json().isAdmin).toBe(false),
  },
  {
    method: 'POST',
    route: '/api/users/login',
    url: () => '/api/users/login',
    payload: () => ({ username: 'user-a@example.com', password: 'user-a-password' }),
    expect: everyone(200),
    check: (res, _actor, ids) =>
      expect(res.json()).toMatchObject({ id: ids.userA, isAdmin: false }),
  },
  { method: 'POST', route: '/api/logout', url: () => '/api/logout', expect: everyone(200) },
  {
    method: 'POST',
    route: '/api/users/request-reset',
    url: () => '/api/users/request-reset',
    payload: () => ({ email: 'nobody@example.com' }),
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/users/validate-reset-token',
    url: () => '/api/users/validate-reset-token?token=made-up',
    expect: everyone(400),
  },
  {
    method: 'POST',
    route: '/api/users/reset-password',
    url: () => '/api/users/reset-password',
    payload: () => ({ token: 'made-up', newPassword: 'secret12' }),
    expect: everyone(400),
  },

  // Public: Google sign-in (not configured here: start and callback send everyone back to /auth).
  {
    method: 'GET',
    route: '/api/auth/google/status',
    url: () => '/api/auth/google/status',
    expect: everyone(200),
    check: (res) => expect(res.json()).toEqual({ enabled: false }),
  },
  {
    method: 'GET',
    route: '/api/auth/google/start',
    url: () => '/api/auth/google/start?redirect=%2Fadmin',
    expect: everyone(302),
    check: (res) => expect(res.headers.location).toBe('/auth?error=google-not-configured'),
  },
  {
    method: 'GET',
    route: '/api/auth/google/callback',
    url: () => '/api/auth/google/callback?code=made-up&state=made-up',
    expect: everyone(302),
    check: (res) => expect(res.headers.location).toMatch(/^\/auth\?error=google-/),
  },

  // The signed-in user's own account.
  { method: 'GET', route: '/api/user', url: () => '/api/user', expect: signedIn, check: isSelf },
  {
    method: 'GET',
    route: '/api/user/profile',
    url: () => '/api/user/profile',
    expect: signedIn,
    check: isSelf,
  },
  {
    method: 'GET',
    route: '/api/user/profile',
    url: (ids) => `/api/user/profile?userId=${ids.userA}`,
    expect: onlyA,
    check: isSelf,
  },
  {
    method: 'PUT',
    route: '/api/user/update-username-direct',
    url: () => '/api/user/update-username-direct',
    payload: (_ids, n) => ({ newUsername: `renamed${n}` }),
    expect: signedIn,
    check: isSelf,
  },
  {
    method: 'PUT',
    route: '/api/user/update-username-direct',
    url: () => '/api/user/update-username-direct',
    payload: (ids, n) => ({ newUsername: `renamed${n}`, userId: ids.userA }),
    expect: onlyA,
    check: isSelf,
  },
];

/** The same request with forged identity claims added to the query and the body. */
function forge(url: string, payload: Record<string, unknown> | undefined, ids: Ids) {
  const sep = url.includes('?') ? '&' : '?';
  return {
    url: `${url}${sep}admin=true&adminId=${ids.admin}`,
    payload: payload && { ...payload, admin: true, isAdmin: true, adminId: ids.admin },
  };
}

describe.each(databaseTargets)('authorization matrix on %s', (target) => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  const ids = {} as Ids;
  const credentials: Record<Exclude<Actor, 'anonymous'>, [string, string]> = {
    // By email: the rename rows change usernames.
    userA: ['user-a@example.com', 'user-a-password'],
    userB: ['user-b@example.com', 'user-b-password'],
    admin: ['admin', 'test-admin-password'],
  };
  let n = 0;
  // Every request from its own address, so per-address limits never mask the expected status.
  const nextIp = () => `10.${Math.floor(++n / 250)}.${n % 250}.1`;

  async function signIn(actor: Exclude<Actor, 'anonymous'>): Promise<string> {
    const [username, password] = credentials[actor];
    const res = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username, password },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, `${actor} signs in`).toBe(200);
    ids[actor] = res.json<{ id: number }>().id;
    return res.cookies.find((c) => c.name === 'wl_session')!.value;
  }

  beforeAll(async () => {
    testApp = await createTestApp(target, { LOGO_SOURCES: 'simple-icons' });
    for (const actor of ['userA', 'userB'] as const) {
      const [email, password] = credentials[actor];
      const res = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { username: email.split('@')[0], email, password, confirmPassword: password },
      });
      expect(res.statusCode).toBe(201);
    }
    await signIn('admin');
  });
  afterAll(() => testApp.close());

  it('covers every /api route the app serves', () => {
    const served = new Set<string>();
    // printRoutes with commonPrefix:false lists each route's full path segments one level per line.
    const tree = testApp.app.printRoutes({ commonPrefix: false });
    const stack: string[] = [];
    for (const line of tree.split('\n')) {
      const match =
        /^([│\s]*)[└├]── (\S+) \(([^)]+)\)/.exec(line) ?? /^([│\s]*)[└├]── (\S+)$/.exec(line);
      if (!match) continue;
      const depth = match[1]!.length / 4;
      stack.length = depth;
      stack.push(match[2]!);
      const methods = match[3]
        ?.split(',')
        .map((m) => m.trim())
        .filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
      const full = stack.join('').replace(/\/+/g, '/');
      if (!full.startsWith('/api')) continue;
      for (const method of methods ?? []) served.add(`${method} ${full}`);
    }
    const listed = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    expect(
      [...served].filter((r) => !listed.has(r)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(served.size).toBeGreaterThan(0);
  });

  for (const [index, row] of ROWS.entries()) {
    const label = `${row.method} ${row.url({ userA: 1, userB: 2, admin: 3 }, 0)}${row.payload ? ' with a body' : ''}`;
    it(`#${index} ${label}: ${ACTORS.map((a) => `${a} ${row.expect[a]}`).join(', ')}`, async () => {
      for (const forged of [false, true]) {
        for (const actor of ACTORS) {
          // A fresh session for each request: some rows sign in or out, which ends the old one.
          const session = actor === 'anonymous' ? undefined : await signIn(actor);
          const url = row.url(ids, ++n);
          const payload = row.payload?.(ids, n);
          const request = forged ? forge(url, payload, ids) : { url, payload };
          const res = await testApp.app.inject({
            method: row.method,
            url: request.url,
            remoteAddress: nextIp(),
            ...(request.payload ? { payload: request.payload } : {}),
            ...(session ? { cookies: { wl_session: session } } : {}),
          });
          const context = `${actor}${forged ? ' (forged admin=true/adminId)' : ''}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBe(row.expect[actor]);
          if (res.statusCode < 400) row.check?.(res, actor, ids);
          // The administrator has no email: follow its renames to sign in again.
          if (
            actor === 'admin' &&
            row.route === '/api/user/update-username-direct' &&
            res.statusCode === 200
          ) {
            credentials.admin[0] = res.json<{ user: { username: string } }>().user.username;
          }
          // Nobody is ever told they are an administrator unless they are one.
          if (
            actor !== 'admin' &&
            res.statusCode < 300 &&
            res.headers['content-type']?.includes('json')
          ) {
            expect(res.body, context).not.toMatch(/"isAdmin":true/);
          }
        }
      }
    });
  }
});
