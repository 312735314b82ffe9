import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedApiRoutes } from '#tests/support/api-routes.ts';
import { createTestApp, databaseTargets, type DatabaseTarget } from '#tests/support/test-app.ts';

/**
 * Every /api route, walked by every kind of caller. Identity comes only from the session cookie:
 * a forged `userId`/`adminId` or `admin=true` never changes who the caller is
 * (docs/decisions/004-server-side-sessions.md). A route missing from the table fails the coverage
 * test below.
 */
type Actor = 'anonymous' | 'userA' | 'userB' | 'admin';
let resetEmails = 0;
const ACTORS: Actor[] = ['anonymous', 'userA', 'userB', 'admin'];
type Ids = Record<Exclude<Actor, 'anonymous'>, number>;
type Expected = Record<Actor, number>;

type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered (for the coverage check). */
  route: string;
  url: (ids: Ids, n: number) => string;
  payload?: (ids: Ids, n: number) => Record<string, unknown>;
  /** A function when the answer depends on the database (the embedded one or PostgreSQL). */
  expect: Expected | ((target: DatabaseTarget) => Expected);
  /** Checks on a successful answer (e.g. whose data came back). */
  check?: (res: LightMyRequestResponse, actor: Actor, ids: Ids) => void;
  /** Runs with the caller's session just before the request (to put the account in a known state). */
  prepare?: (inject: (url: string) => Promise<unknown>) => Promise<unknown>;
};

const everyone = (status: number): Expected => ({
  anonymous: status,
  userA: status,
  userB: status,
  admin: status,
});
const signedIn: Expected = { anonymous: 401, userA: 200, userB: 200, admin: 200 };
const onlyA: Expected = { anonymous: 401, userA: 200, userB: 403, admin: 403 };
const onlyAdmin = (status: number): Expected => ({
  anonymous: 401,
  userA: 403,
  userB: 403,
  admin: status,
});
const isSelf = (res: LightMyRequestResponse, actor: Actor, ids: Ids) => {
  if (actor === 'anonymous') return;
  const body = res.json<{ id?: number; user?: { id: number } }>();
  expect(body.user?.id ?? body.id, `${actor} gets their own account`).toBe(ids[actor]);
};

const ROWS: Row[] = [
  // Public: logo search and files.
  { method: 'GET', route: '/api/health', url: () => '/api/health', expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/health/live',
    url: () => '/api/health/live',
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/health/ready',
    url: () => '/api/health/ready',
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/search', url: () => '/api/search?q=github', expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/search/first',
    url: () => '/api/search/first?q=github',
    expect: everyone(200),
  },
  // Public; the id is refused before anything is asked of Wikidata (this app has no Wikidata).
  {
    method: 'GET',
    route: '/api/brands/:qid',
    url: () => '/api/brands/nope',
    expect: everyone(400),
  },
  {
    method: 'POST',
    route: '/api/wall/resolve',
    url: () => '/api/wall/resolve',
    payload: () => ({ names: ['nosuchcompany'] }),
    expect: everyone(200),
  },
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
    route: '/api/search/names',
    url: () => '/api/search/names',
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/search/opensearch-suggestions',
    url: () => '/api/search/opensearch-suggestions?q=goo',
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
    // Each call its own email: requests are also limited per email.
    payload: () => ({ email: `nobody${++resetEmails}@example.com` }),
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

  // Email verification: the link works without a session (it may be opened on another device).
  {
    method: 'POST',
    route: '/api/auth/verify-email',
    url: () => '/api/auth/verify-email',
    payload: () => ({ token: 'made-up' }),
    expect: everyone(400),
  },
  // Linking Google by password needs the pending link the Google callback left in this browser.
  {
    method: 'GET',
    route: '/api/auth/google/link',
    url: () => '/api/auth/google/link',
    expect: everyone(404),
  },
  {
    method: 'POST',
    route: '/api/auth/google/link',
    url: () => '/api/auth/google/link',
    payload: () => ({ password: 'user-a-password' }),
    expect: everyone(400),
  },

  // The signed-in user's own account.
  // Who is signed in: a visitor gets 200 with no user, never a 401.
  {
    method: 'GET',
    route: '/api/user',
    url: () => '/api/user',
    expect: everyone(200),
    check: (res, actor, ids) => {
      if (actor === 'anonymous') expect(res.json()).toBeNull();
      else isSelf(res, actor, ids);
    },
  },
  {
    method: 'GET',
    route: '/api/user/export',
    url: () => '/api/user/export',
    expect: signedIn,
    check: (res, actor, ids) => {
      if (actor === 'anonymous') return;
      expect(res.json<{ account: { id: number } }>().account.id).toBe(ids[actor]);
    },
  },
  // A wrong password proves the guards without deleting or changing anything; an administrator's
  // account is refused before the password is looked at.
  {
    method: 'DELETE',
    route: '/api/user',
    url: () => '/api/user',
    payload: () => ({ password: 'not-the-password' }),
    expect: { anonymous: 401, userA: 400, userB: 400, admin: 403 },
  },
  {
    method: 'POST',
    route: '/api/user/password',
    url: () => '/api/user/password',
    payload: () => ({
      currentPassword: 'not-the-password',
      newPassword: 'another-one',
      confirmPassword: 'another-one',
    }),
    expect: { anonymous: 401, userA: 400, userB: 400, admin: 400 },
  },
  {
    method: 'POST',
    route: '/api/user/email',
    url: () => '/api/user/email',
    payload: (_ids, n) => ({ newEmail: `moved${n}@example.com`, password: 'not-the-password' }),
    expect: { anonymous: 401, userA: 400, userB: 400, admin: 400 },
  },
  // One verification email a minute: right after another one, a resend is refused. The
  // administrator has no email to verify.
  {
    method: 'POST',
    route: '/api/user/verification-email',
    url: () => '/api/user/verification-email',
    prepare: (inject) => inject('/api/user/verification-email'),
    expect: { anonymous: 401, userA: 429, userB: 429, admin: 409 },
  },
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

  // Downloads: guests count against their anonymous session; a client-sent userId must be the
  // caller's own. None of these actors is Premium, so batch and copy-svg are refused to all.
  {
    method: 'POST',
    route: '/api/downloads/track',
    url: () => '/api/downloads/track',
    payload: (_ids, n) => ({ logoUrl: `https://upload.wikimedia.org/m/${n}/Logo.svg` }),
    expect: everyone(200),
    check: (res) => expect(res.json()).toMatchObject({ success: true, isSubscribed: false }),
  },
  {
    method: 'POST',
    route: '/api/downloads/track',
    url: () => '/api/downloads/track',
    payload: (ids, n) => ({
      logoUrl: `https://upload.wikimedia.org/m/${n}/Logo.svg`,
      userId: ids.userA,
    }),
    expect: onlyA,
  },
  {
    method: 'GET',
    route: '/api/downloads/check-limit',
    url: () => '/api/downloads/check-limit',
    expect: everyone(200),
    check: (res, actor) => expect(res.json().isGuest).toBe(actor === 'anonymous'),
  },
  {
    method: 'GET',
    route: '/api/downloads/check-limit',
    url: (ids) => `/api/downloads/check-limit?userId=${ids.userA}`,
    expect: onlyA,
  },
  {
    method: 'POST',
    route: '/api/downloads/batch',
    url: () => '/api/downloads/batch',
    payload: () => ({ logos: [{ url: '/api/icons/github.svg', title: 'GitHub' }] }),
    expect: { anonymous: 401, userA: 403, userB: 403, admin: 403 },
  },
  {
    method: 'POST',
    route: '/api/downloads/copy-svg',
    url: () => '/api/downloads/copy-svg',
    payload: () => ({ logoUrl: '/api/icons/github.svg' }),
    expect: { anonymous: 401, userA: 403, userB: 403, admin: 403 },
  },
  {
    method: 'GET',
    route: '/api/user/downloads',
    url: () => '/api/user/downloads',
    expect: signedIn,
    check: (res) => expect(Array.isArray(res.json().history)).toBe(true),
  },
  {
    method: 'GET',
    route: '/api/user/downloads',
    url: (ids) => `/api/user/downloads?userId=${ids.userA}`,
    expect: onlyA,
  },

  // Billing (Stripe). This app has no STRIPE_SECRET_KEY: checkout and verification answer 409
  // 'Payments are not configured', the webhook 400 'Webhooks are not configured'; nobody here has
  // a subscription to cancel (409). A client-sent userId must still be the caller's (403).
  {
    method: 'GET',
    route: '/api/subscription/config',
    url: () => '/api/subscription/config',
    expect: everyone(200),
    check: (res) => expect(res.json()).toEqual({ paymentsConfigured: false }),
  },
  {
    method: 'POST',
    route: '/api/subscription/create',
    url: () => '/api/subscription/create',
    payload: () => ({ isAnnual: true }),
    expect: { anonymous: 401, userA: 409, userB: 409, admin: 409 },
  },
  {
    method: 'POST',
    route: '/api/subscription/create',
    url: () => '/api/subscription/create',
    payload: (ids) => ({ isAnnual: true, userId: ids.userA }),
    expect: { anonymous: 401, userA: 409, userB: 403, admin: 403 },
  },
  {
    method: 'GET',
    route: '/api/subscription/verify',
    url: () => '/api/subscription/verify?session_id=cs_test_made_up',
    expect: { anonymous: 401, userA: 409, userB: 409, admin: 409 },
  },
  {
    method: 'POST',
    route: '/api/subscription/cancel',
    url: () => '/api/subscription/cancel',
    payload: () => ({}),
    expect: { anonymous: 401, userA: 409, userB: 409, admin: 409 },
  },
  {
    method: 'POST',
    route: '/api/subscription/cancel',
    url: () => '/api/subscription/cancel',
    payload: (ids) => ({ userId: ids.userA }),
    expect: { anonymous: 401, userA: 409, userB: 403, admin: 403 },
  },
  {
    method: 'GET',
    route: '/api/subscription/status',
    url: () => '/api/subscription/status',
    expect: signedIn,
    check: (res) => expect(res.json()).toMatchObject({ plan: 'Free', canCancel: false }),
  },
  // Called by Stripe's servers: authenticated by its signature only, never by a session.
  {
    method: 'POST',
    route: '/api/stripe/webhook',
    url: () => '/api/stripe/webhook',
    payload: () => ({ id: 'evt_made_up', type: 'checkout.session.completed' }),
    expect: everyone(400),
  },

  // Administrators only. An unknown user id: the administrator passes the guard and gets 404,
  // so no actor's plan changes for the rows above or below.
  {
    method: 'POST',
    route: '/api/admin/grant-subscription',
    url: () => '/api/admin/grant-subscription',
    payload: () => ({ userId: 2_000_000_000, months: 1 }),
    expect: { anonymous: 401, userA: 403, userB: 403, admin: 404 },
  },
  {
    method: 'GET',
    route: '/api/admin/users',
    url: () => '/api/admin/users?search=user',
    expect: onlyAdmin(200),
    check: (res, _actor, ids) =>
      expect(res.json<{ users: Array<{ id: number }> }>().users.map((u) => u.id)).toEqual(
        expect.arrayContaining([ids.userA, ids.userB]),
      ),
  },
  {
    method: 'GET',
    route: '/api/admin/config',
    url: () => '/api/admin/config',
    expect: onlyAdmin(200),
    check: (res) => expect(res.json()).toEqual({ allowTestAccounts: false }),
  },
  {
    method: 'GET',
    route: '/api/admin/audit-log',
    url: () => '/api/admin/audit-log',
    expect: onlyAdmin(200),
  },
  {
    method: 'GET',
    route: '/api/admin/backups',
    url: () => '/api/admin/backups',
    expect: onlyAdmin(200),
  },
  // A backup of the embedded database; on PostgreSQL its backups are PostgreSQL's own (409).
  {
    method: 'POST',
    route: '/api/admin/backups',
    url: () => '/api/admin/backups',
    expect: (target) => onlyAdmin(target === 'pglite' ? 201 : 409),
  },
  {
    method: 'POST',
    route: '/api/admin/downgrade-subscription',
    url: () => '/api/admin/downgrade-subscription',
    payload: () => ({ userId: 2_000_000_000 }),
    expect: onlyAdmin(404),
  },
  // Destructive rows aim at nothing real: an unknown account (404), or the administrator itself
  // (403: administrators are never deleted).
  {
    method: 'DELETE',
    route: '/api/admin/users/:id',
    url: () => '/api/admin/users/2000000000',
    expect: onlyAdmin(404),
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/:id',
    url: (ids) => `/api/admin/users/${ids.admin}`,
    expect: onlyAdmin(403),
  },
  // Test accounts are off in this app, so nobody's account is replaced.
  {
    method: 'POST',
    route: '/api/admin/reset-all-users',
    url: () => '/api/admin/reset-all-users',
    expect: onlyAdmin(403),
  },
  // A new administrator password (the loop below signs in with it from then on); the session
  // that asked stays signed in.
  {
    method: 'POST',
    route: '/api/admin/reset',
    url: () => '/api/admin/reset',
    expect: onlyAdmin(200),
    check: (res) => expect(res.json().password.length).toBeGreaterThanOrEqual(20),
  },

  // Premium access codes: administrators manage them; any signed-in user redeems one.
  {
    method: 'GET',
    route: '/api/admin/premium-codes',
    url: () => '/api/admin/premium-codes',
    expect: onlyAdmin(200),
  },
  {
    method: 'POST',
    route: '/api/admin/premium-codes',
    url: () => '/api/admin/premium-codes',
    payload: () => ({ duration: 1, expiryDays: 1 }),
    expect: onlyAdmin(201),
  },
  {
    method: 'PUT',
    route: '/api/admin/premium-codes/:id/invalidate',
    url: () => '/api/admin/premium-codes/2000000000/invalidate',
    expect: onlyAdmin(404),
  },
  // Support: anyone writes to support; administrators read the requests and mark them done.
  {
    method: 'POST',
    route: '/api/support-requests',
    url: () => '/api/support-requests',
    payload: (_ids, n) => ({
      email: `matrix-${n}@example.com`,
      subject: 'Matrix question',
      message: 'A question for support.',
    }),
    expect: everyone(201),
  },
  {
    method: 'GET',
    route: '/api/admin/support-requests',
    url: () => '/api/admin/support-requests',
    expect: onlyAdmin(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/support-requests/:id/done',
    url: () => '/api/admin/support-requests/2000000000/done',
    expect: onlyAdmin(404),
  },
  // Favourites: any signed-in user keeps their own; a userId in the request names nobody
  // (favourites.routes.test.ts checks that nobody sees or removes another's).
  {
    method: 'PUT',
    route: '/api/favourites',
    url: () => '/api/favourites',
    payload: (ids, n) => ({ logo: matrixLogo(n), userId: ids.userA }),
    expect: signedIn,
  },
  {
    method: 'GET',
    route: '/api/favourites',
    url: (ids) => `/api/favourites?userId=${ids.userA}`,
    expect: signedIn,
  },
  {
    method: 'DELETE',
    route: '/api/favourites',
    url: (_ids, n) => `/api/favourites?url=${encodeURIComponent(matrixLogo(n - 1).url)}`,
    expect: signedIn,
  },
  {
    method: 'POST',
    route: '/api/favourites/import',
    url: () => '/api/favourites/import',
    payload: (ids, n) => ({ logos: [matrixLogo(n)], userId: ids.userA }),
    expect: signedIn,
  },
  // An unknown code: no one becomes Premium (each failure counts towards the guess limit of 10).
  {
    method: 'POST',
    route: '/api/redeem-premium-code',
    url: () => '/api/redeem-premium-code',
    payload: () => ({ code: 'NOSUCHCODE' }),
    expect: { anonymous: 401, userA: 404, userB: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/redeem-premium-code',
    url: () => '/api/redeem-premium-code',
    payload: (ids) => ({ code: 'NOSUCHCODE', userId: ids.userA }),
    expect: { anonymous: 401, userA: 404, userB: 403, admin: 403 },
  },
];

/** A logo to keep as a favourite, a different file for each request. */
function matrixLogo(n: number) {
  return {
    title: `Matrix logo ${n}`,
    url: `https://upload.wikimedia.org/wikipedia/commons/m/matrix-${n}.svg`,
    thumbUrl: null,
    fileType: 'svg',
    dateAdded: null,
    description: null,
    size: null,
    width: null,
    height: null,
    license: null,
    sourceUrl: null,
    searchTerm: 'matrix',
    source: 'commons',
    author: null,
    licenseUrl: null,
    attributionRequired: null,
    trademarked: false,
    official: false,
    historical: false,
    brandColor: null,
    guidelinesUrl: null,
  };
}

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
  let dataDir: string;
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

  // One session per actor, kept while it is valid: a sign-in costs a deliberate password hash.
  const sessions: Partial<Record<Exclude<Actor, 'anonymous'>, string>> = {};
  async function sessionOf(actor: Exclude<Actor, 'anonymous'>): Promise<string> {
    const kept = sessions[actor];
    if (kept) {
      const res = await testApp.app.inject({
        method: 'GET',
        url: '/api/user',
        cookies: { wl_session: kept },
        remoteAddress: nextIp(),
      });
      if (res.statusCode === 200 && res.json() !== null) return kept;
    }
    return (sessions[actor] = await signIn(actor));
  }

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
    // Its own DATA_DIR: the administrator's rows write backups and emails there.
    dataDir = await mkdtemp(path.join(tmpdir(), 'wikilogos-matrix-'));
    testApp = await createTestApp(target, { LOGO_SOURCES: 'simple-icons', DATA_DIR: dataDir });
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
  afterAll(async () => {
    await testApp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('covers every /api route the app serves', () => {
    const served = new Set(servedApiRoutes(testApp.app));
    const listed = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    expect(
      [...served].filter((r) => !listed.has(r)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(served.size).toBeGreaterThan(0);
  });

  for (const [index, row] of ROWS.entries()) {
    const expected = typeof row.expect === 'function' ? row.expect(target) : row.expect;
    const label = `${row.method} ${row.url({ userA: 1, userB: 2, admin: 3 }, 0)}${row.payload ? ' with a body' : ''}`;
    it(`#${index} ${label}: ${ACTORS.map((a) => `${a} ${expected[a]}`).join(', ')}`, async () => {
      for (const forged of [false, true]) {
        for (const actor of ACTORS) {
          // Some rows sign in or out, which ends the old session: session() checks it first.
          const session = actor === 'anonymous' ? undefined : await sessionOf(actor);
          const url = row.url(ids, ++n);
          const payload = row.payload?.(ids, n);
          const request = forged ? forge(url, payload, ids) : { url, payload };
          await row.prepare?.((prepared) =>
            testApp.app.inject({
              method: row.method,
              url: prepared,
              remoteAddress: nextIp(),
              ...(session ? { cookies: { wl_session: session } } : {}),
            }),
          );
          const res = await testApp.app.inject({
            method: row.method,
            url: request.url,
            remoteAddress: nextIp(),
            ...(request.payload ? { payload: request.payload } : {}),
            ...(session ? { cookies: { wl_session: session } } : {}),
          });
          const context = `${actor}${forged ? ' (forged admin=true/adminId)' : ''}: ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBe(expected[actor]);
          if (res.statusCode < 400) row.check?.(res, actor, ids);
          // The administrator has no email: follow its renames to sign in again.
          if (
            actor === 'admin' &&
            row.route === '/api/user/update-username-direct' &&
            res.statusCode === 200
          ) {
            credentials.admin[0] = res.json<{ user: { username: string } }>().user.username;
          }
          // The credentials reset gives the administrator a new password: sign in with it next.
          if (actor === 'admin' && row.route === '/api/admin/reset' && res.statusCode === 200) {
            credentials.admin[1] = res.json<{ password: string }>().password;
            const still = await testApp.app.inject({
              method: 'GET',
              url: '/api/user',
              cookies: { wl_session: session! },
            });
            expect(still.statusCode, 'the session that reset the password stays signed in').toBe(
              200,
            );
            expect(still.json()).not.toBeNull();
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
