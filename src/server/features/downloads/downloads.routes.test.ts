import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { eq, sql } from 'drizzle-orm';
import { downloads, guestQuotas } from '#server/db/schema/downloads.ts';
import { DOWNLOAD_MESSAGES, MAX_BATCH_LOGOS } from '#shared/downloads/downloads.schemas.ts';
import {
  createTestApp,
  createTestAppsSharingDatabase,
  databaseTargets,
  describeOnPostgres,
} from '#tests/support/test-app.ts';
import {
  DAY,
  SESSION_COOKIE,
  login,
  manualClock,
  register,
  sessionOf,
} from '#tests/support/accounts-fixtures.ts';
import { addCalendarMonths } from './download-period.ts';
import { createDownloadsRepository } from './downloads.repository.ts';
import { GUEST_COOKIE } from './downloads.routes.ts';

const ENV = { RATE_LIMIT_PER_MINUTE: '100000' };
const logoUrl = (n: number | string) =>
  `https://upload.wikimedia.org/wikipedia/commons/a/a${n}/Logo_${n}.svg`;

type Cookies = Record<string, string>;
const asUser = (session: string): Cookies => ({ [SESSION_COOKIE]: session });

function track(app: App, cookies: Cookies | undefined, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/downloads/track',
    payload,
    ...(cookies ? { cookies } : {}),
  });
}

function checkLimit(app: App, cookies: Cookies | undefined, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/downloads/check-limit${query}`,
    ...(cookies ? { cookies } : {}),
  });
}

function history(app: App, session: string, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/user/downloads${query}`,
    cookies: asUser(session),
  });
}

function guestCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === GUEST_COOKIE)?.value;
}

async function adminSession(app: App): Promise<string> {
  const res = await login(app, 'admin', 'test-admin-password');
  expect(res.statusCode, res.body).toBe(200);
  return sessionOf(res);
}

async function grantPremium(app: App, userId: number, months: 1 | 12 = 1) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/grant-subscription',
    payload: { userId, months },
    cookies: asUser(await adminSession(app)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

function statusCounts(responses: LightMyRequestResponse[]) {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

describe.each(databaseTargets)('downloads on %s', (target) => {
  const clock = manualClock(new Date('2026-01-31T12:00:00Z'));
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp(target, ENV, { clock: clock.now });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;
  let names = 0;
  const newUser = async () => register(app(), `user${target}${++names}`);

  describe('the free quota', () => {
    it('30 concurrent downloads of different logos by a free user give exactly 10', async () => {
      const { session, user } = await newUser();
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          track(app(), asUser(session), { logoUrl: logoUrl(`race${i}`), logoTitle: `Race ${i}` }),
        ),
      );
      expect(statusCounts(responses)).toEqual({ 200: 10, 403: 20 });
      for (const refused of responses.filter((r) => r.statusCode === 403)) {
        expect(refused.json()).toEqual({
          message: DOWNLOAD_MESSAGES.monthlyLimit,
          code: 'DOWNLOAD_LIMIT_REACHED',
          downloadCount: 10,
          limit: 10,
        });
      }
      const me = await app().inject({ method: 'GET', url: '/api/user', cookies: asUser(session) });
      expect(me.json()).toMatchObject({ id: user.id, downloadCount: 10, isSubscribed: false });
      expect((await history(app(), session)).json().history).toHaveLength(10);
      const limit = await checkLimit(app(), asUser(session));
      expect(limit.json()).toMatchObject({
        canDownload: false,
        downloadCount: 10,
        limit: 10,
        remaining: 0,
        isSubscribed: false,
        isGuest: false,
      });
    });

    it('counts each download, says how many are left, and does not count a re-download', async () => {
      const { session } = await newUser();
      const first = await track(app(), asUser(session), {
        logoUrl: logoUrl('same'),
        logoTitle: 'Same',
        fileType: 'svg',
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        success: true,
        isSubscribed: false,
        downloadCount: 1,
        limit: 10,
        counted: true,
        remaining: 9,
      });
      const again = await track(app(), asUser(session), { logoUrl: logoUrl('same') });
      expect(again.json()).toMatchObject({ downloadCount: 1, counted: false, remaining: 9 });

      for (let i = 0; i < 9; i++) {
        expect(
          (await track(app(), asUser(session), { logoUrl: logoUrl(`fill${i}`) })).statusCode,
        ).toBe(200);
      }
      const refused = await track(app(), asUser(session), { logoUrl: logoUrl('new') });
      expect(refused.statusCode).toBe(403);
      // At the limit, a logo already downloaded in this period can still be downloaded again.
      const atLimit = await track(app(), asUser(session), { logoUrl: logoUrl('same') });
      expect(atLimit.statusCode, atLimit.body).toBe(200);
      expect(atLimit.json()).toMatchObject({ downloadCount: 10, counted: false, remaining: 0 });
      const check = await checkLimit(
        app(),
        asUser(session),
        `?logoUrl=${encodeURIComponent(logoUrl('same'))}`,
      );
      expect(check.json()).toMatchObject({ canDownload: true, alreadyDownloaded: true });
      const checkNew = await checkLimit(
        app(),
        asUser(session),
        `?logoUrl=${encodeURIComponent(logoUrl('new'))}`,
      );
      expect(checkNew.json()).toMatchObject({ canDownload: false, alreadyDownloaded: false });
    });

    it('starts again one calendar month after the first download', async () => {
      const { session } = await newUser();
      // 31 January + 1 month is 28 February (as PostgreSQL counts months).
      const start = clock.now();
      for (let i = 0; i < 10; i++) {
        expect(
          (await track(app(), asUser(session), { logoUrl: logoUrl(`p${i}`) })).statusCode,
        ).toBe(200);
      }
      const check = await checkLimit(app(), asUser(session));
      expect(check.json().periodEndsAt).toBe('2026-02-28T12:00:00.000Z');
      expect(start.toISOString()).toBe('2026-01-31T12:00:00.000Z');

      clock.advance(27 * DAY);
      expect((await track(app(), asUser(session), { logoUrl: logoUrl('late') })).statusCode).toBe(
        403,
      );

      clock.advance(DAY); // 28 February 12:00: the period is over
      const me = await app().inject({ method: 'GET', url: '/api/user', cookies: asUser(session) });
      expect(me.json().downloadCount).toBe(0);
      expect((await checkLimit(app(), asUser(session))).json()).toMatchObject({
        canDownload: true,
        downloadCount: 0,
        remaining: 10,
        periodEndsAt: null,
      });
      // A logo of the old period counts again in the new one.
      const next = await track(app(), asUser(session), { logoUrl: logoUrl('p0') });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json()).toMatchObject({ downloadCount: 1, counted: true, remaining: 9 });
      expect((await checkLimit(app(), asUser(session))).json().periodEndsAt).toBe(
        '2026-03-28T12:00:00.000Z',
      );
    });
  });

  describe('guests', () => {
    it('get 10 downloads per browser session, counted on the server', async () => {
      const first = await track(app(), undefined, { logoUrl: logoUrl('g0'), userId: 0 });
      expect(first.statusCode, first.body).toBe(200);
      const cookie = first.cookies.find((c) => c.name === GUEST_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      // A session cookie: it ends when the browser closes.
      expect(cookie.maxAge).toBeUndefined();
      expect(cookie.expires).toBeUndefined();
      const guest = { [GUEST_COOKIE]: cookie.value };
      expect(first.json()).toMatchObject({ downloadCount: 1, isSubscribed: false, remaining: 9 });

      for (let i = 1; i < 10; i++) {
        const res = await track(app(), guest, { logoUrl: logoUrl(`g${i}`) });
        expect(res.statusCode).toBe(200);
        expect(guestCookieOf(res), 'the cookie is set only once').toBeUndefined();
      }
      const eleventh = await track(app(), guest, { logoUrl: logoUrl('g10') });
      expect(eleventh.statusCode).toBe(403);
      expect(eleventh.json()).toEqual({
        message: DOWNLOAD_MESSAGES.guestLimit,
        code: 'GUEST_LIMIT_REACHED',
        downloadCount: 10,
        limit: 10,
      });

      // Checking the limit again (a dialog opening) resets nothing.
      const check = await checkLimit(app(), guest);
      expect(check.json()).toMatchObject({
        canDownload: false,
        downloadCount: 10,
        limit: 10,
        isGuest: true,
        isSubscribed: false,
      });
      expect((await track(app(), guest, { logoUrl: logoUrl('g11') })).statusCode).toBe(403);
      // A re-download in the same session is still allowed.
      const again = await track(app(), guest, { logoUrl: logoUrl('g3') });
      expect(again.json()).toMatchObject({ counted: false, downloadCount: 10 });
    });

    it('without the cookie are a new guest (the count lives only in that browser session)', async () => {
      const check = await checkLimit(app(), undefined);
      expect(check.statusCode).toBe(200);
      expect(check.json()).toMatchObject({ canDownload: true, downloadCount: 0, isGuest: true });
      expect(guestCookieOf(check), 'reading never starts a guest session').toBeUndefined();
      const res = await track(app(), undefined, { logoUrl: logoUrl('fresh') });
      expect(res.json()).toMatchObject({ downloadCount: 1 });
      expect(guestCookieOf(res)).toBeTruthy();
    });

    it('cannot forge a guest cookie (an unsigned value is a new guest)', async () => {
      const res = await track(app(), { [GUEST_COOKIE]: 'made-up' }, { logoUrl: logoUrl('forged') });
      expect(res.json()).toMatchObject({ downloadCount: 1 });
      expect(guestCookieOf(res)).toBeTruthy();
    });

    it('30 concurrent downloads in one guest session give exactly 10', async () => {
      const first = await track(app(), undefined, { logoUrl: logoUrl('gr-first') });
      const guest = { [GUEST_COOKIE]: guestCookieOf(first)! };
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => track(app(), guest, { logoUrl: logoUrl(`gr${i}`) })),
      );
      expect(statusCounts(responses)).toEqual({ 200: 9, 403: 21 });
      expect((await checkLimit(app(), guest)).json().downloadCount).toBe(10);
    });

    it('are forgotten by the server 7 days after their first download', async () => {
      const first = await track(app(), undefined, { logoUrl: logoUrl('old-guest') });
      const guest = { [GUEST_COOKIE]: guestCookieOf(first)! };
      const other = await track(app(), undefined, { logoUrl: logoUrl('other-old-guest') });
      const otherGuest = { [GUEST_COOKIE]: guestCookieOf(other)! };
      const rows = () => app().database.db.$count(guestQuotas);
      const before = await rows();

      clock.advance(7 * DAY);
      // Expired rows count for nothing, even before they are removed.
      expect((await checkLimit(app(), otherGuest)).json().downloadCount).toBe(0);
      // The next guest download sweeps expired rows away (this browser starts again at 1).
      const again = await track(app(), guest, { logoUrl: logoUrl('old-guest') });
      expect(again.json()).toMatchObject({ downloadCount: 1, counted: true });
      expect(await rows()).toBeLessThan(before);
      expect((await checkLimit(app(), otherGuest)).json().downloadCount).toBe(0);
    });

    it('may not claim an account with userId', async () => {
      const res = await track(app(), undefined, { logoUrl: logoUrl('claim'), userId: 1 });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Please sign in to continue.',
        code: 'SIGN_IN_REQUIRED',
      });
    });
  });

  describe('Premium', () => {
    it('is unlimited, and batches are recorded', async () => {
      const { session, user } = await newUser();
      await grantPremium(app(), user.id);
      for (let i = 0; i < 15; i++) {
        const res = await track(app(), asUser(session), { logoUrl: logoUrl(`prem${i}`) });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ isSubscribed: true, remaining: null });
      }
      expect((await checkLimit(app(), asUser(session))).json()).toMatchObject({
        canDownload: true,
        isSubscribed: true,
        remaining: null,
      });
      const batch = await app().inject({
        method: 'POST',
        url: '/api/downloads/batch',
        cookies: asUser(session),
        payload: {
          userId: user.id,
          logos: [
            { url: logoUrl('b1'), title: 'B1', fileType: 'svg', license: 'Public domain' },
            { url: '/api/icons/github.svg', title: 'GitHub' },
            { url: 'https://upload.wikimedia.org/x/Photo.JPEG', title: '' },
          ],
        },
      });
      expect(batch.statusCode, batch.body).toBe(200);
      expect(batch.json()).toMatchObject({ success: true, recorded: 3, isSubscribed: true });
      const rows = (await history(app(), session)).json().history;
      expect(rows).toHaveLength(18);
      expect(rows.slice(0, 3)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ logoUrl: '/api/icons/github.svg', fileType: 'svg' }),
          expect.objectContaining({ logoTitle: 'Unknown Logo', fileType: 'jpg' }),
        ]),
      );
      const consolidated = await app().inject({
        method: 'POST',
        url: '/api/downloads/batch',
        cookies: asUser(session),
        payload: { consolidated: true, logos: [{ url: logoUrl('c1'), title: 'C1' }] },
      });
      expect(consolidated.json()).toMatchObject({ recorded: 1 });
    });
  });

  describe('batch for others', () => {
    const batchBody = (consolidated?: boolean) => ({
      logos: [{ url: logoUrl('x'), title: 'X' }],
      ...(consolidated === undefined ? {} : { consolidated }),
    });

    it('is refused to free users on the server, even with a hand-made request', async () => {
      const { session, user } = await newUser();
      await track(app(), asUser(session), { logoUrl: logoUrl('before-batch') });
      const res = await app().inject({
        method: 'POST',
        url: '/api/downloads/batch',
        cookies: asUser(session),
        payload: { ...batchBody(), userId: user.id, isSubscribed: true },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: DOWNLOAD_MESSAGES.batchPremium,
        code: 'PREMIUM_REQUIRED',
        downloadCount: 1,
        limit: 10,
      });
      const consolidated = await app().inject({
        method: 'POST',
        url: '/api/downloads/batch',
        cookies: asUser(session),
        payload: batchBody(true),
      });
      expect(consolidated.statusCode).toBe(403);
      expect(consolidated.json().message).toBe(DOWNLOAD_MESSAGES.consolidatePremium);
      expect((await history(app(), session)).json().history).toHaveLength(1);
    });

    it('asks guests to sign in', async () => {
      const res = await app().inject({
        method: 'POST',
        url: '/api/downloads/batch',
        payload: batchBody(),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Please sign in to continue.',
        code: 'SIGN_IN_REQUIRED',
      });
    });
  });

  describe('copy SVG', () => {
    const copy = (cookies: Cookies | undefined, url: string) =>
      app().inject({
        method: 'POST',
        url: '/api/downloads/copy-svg',
        payload: { logoUrl: url },
        ...(cookies ? { cookies } : {}),
      });

    it('is Premium only', async () => {
      const guest = await copy(undefined, '/api/icons/github.svg');
      expect(guest.statusCode).toBe(401);
      const { session, user } = await newUser();
      const free = await copy(asUser(session), '/api/icons/github.svg');
      expect(free.statusCode).toBe(403);
      expect(free.json()).toEqual({
        message: DOWNLOAD_MESSAGES.copyPremium,
        code: 'PREMIUM_REQUIRED',
      });

      await grantPremium(app(), user.id);
      const premium = await copy(asUser(session), '/api/icons/github.svg');
      expect(premium.statusCode, premium.body).toBe(200);
      expect(premium.json().svg).toMatch(/^<svg[\s\S]*<title>GitHub<\/title>[\s\S]*<\/svg>$/);
      // Copying is not a download.
      expect((await history(app(), session)).json().history).toHaveLength(0);

      const png = await copy(asUser(session), 'https://upload.wikimedia.org/x/Logo.png');
      expect(png.statusCode).toBe(400);
      expect(png.json()).toEqual({ message: DOWNLOAD_MESSAGES.onlySvg, code: 'UNSUPPORTED_FILE' });
      const elsewhere = await copy(asUser(session), 'http://127.0.0.1:5432/logo.svg');
      expect(elsewhere.statusCode).toBe(400);
    });
  });

  describe('history', () => {
    it('holds only the caller’s own downloads, newest first', async () => {
      const a = await newUser();
      const b = await newUser();
      await track(app(), asUser(a.session), { logoUrl: logoUrl('h1'), logoTitle: 'First' });
      clock.advance(60_000);
      await track(app(), asUser(b.session), { logoUrl: logoUrl('hb'), logoTitle: 'Of B' });
      clock.advance(60_000);
      await track(app(), asUser(a.session), {
        logoUrl: 'https://upload.wikimedia.org/x/330px-Second.svg.png',
        logoTitle: 'Second',
      });
      const res = await history(app(), a.session);
      expect(res.statusCode).toBe(200);
      const rows = res.json().history;
      expect(rows.map((r: { logoTitle: string }) => r.logoTitle)).toEqual(['Second', 'First']);
      expect(rows[0]).toEqual({
        id: expect.any(Number),
        logoUrl: 'https://upload.wikimedia.org/x/330px-Second.svg.png',
        logoTitle: 'Second',
        downloadDate: clock.now().toISOString(),
        fileType: 'png',
      });
      expect((await history(app(), b.session)).json().history).toHaveLength(1);
      expect((await history(app(), a.session, `?userId=${b.user.id}`)).statusCode).toBe(403);
      expect((await history(app(), a.session, `?userId=${a.user.id}`)).statusCode).toBe(200);
      const anonymous = await app().inject({ method: 'GET', url: '/api/user/downloads' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('identity and input', () => {
    it('refuses to act for another account', async () => {
      const a = await newUser();
      const b = await newUser();
      const res = await track(app(), asUser(a.session), {
        logoUrl: logoUrl('other'),
        userId: b.user.id,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'You can only access your own account.',
        code: 'NOT_YOUR_ACCOUNT',
      });
      const check = await checkLimit(app(), asUser(a.session), `?userId=${b.user.id}`);
      expect(check.statusCode).toBe(403);
      expect((await history(app(), b.session)).json().history).toHaveLength(0);
    });

    it.each([
      [{ logoUrl: 'ftp://example.org/logo.svg' }, /logoUrl must be the web address/],
      [{ logoUrl: 'javascript:alert(1)//.svg' }, /logoUrl must be the web address/],
      [{ logoUrl: 42 }, /logoUrl must be the web address/],
      [{}, /logoUrl/],
      [{ logoUrl: logoUrl(1), logoTitle: 7 }, /logoTitle must be text/],
      [{ logoUrl: logoUrl(1), fileType: 'exe' }, /fileType/],
      [{ logoUrl: logoUrl(1), userId: 'me' }, /userId must be a whole number/],
      [{ logoUrl: `https://upload.wikimedia.org/${'a'.repeat(2100)}` }, /too long/],
      [{ logoUrl: `https://upload.wikimedia.org/${'é'.repeat(1500)}` }, /too long/],
    ])('answers 400 with a readable message for %j', async (payload, message) => {
      const { session } = await newUser();
      const res = await track(app(), asUser(session), payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    });

    it('answers 400 to a missing body and to oversized or malformed batches', async () => {
      const { session, user } = await newUser();
      await grantPremium(app(), user.id);
      const empty = await app().inject({
        method: 'POST',
        url: '/api/downloads/track',
        cookies: asUser(session),
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBeTruthy();
      const batch = (payload: unknown) =>
        app().inject({
          method: 'POST',
          url: '/api/downloads/batch',
          cookies: asUser(session),
          payload: payload as Record<string, unknown>,
        });
      const tooMany = await batch({
        logos: Array.from({ length: MAX_BATCH_LOGOS + 1 }, (_, i) => ({
          url: logoUrl(i),
          title: 'x',
        })),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe('A batch can hold at most 200 logos.');
      const none = await batch({ logos: [] });
      expect(none.json().message).toBe('Please select at least one logo to download.');
      const wrong = await batch({ logos: 'all' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('logos must be a list of logos.');
      const badUrl = await batch({ logos: [{ url: 'javascript:alert(1)', title: 'x' }] });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json().message).toMatch(/web address/);
      expect((await history(app(), session)).json().history).toHaveLength(0);
    });
  });

  describe('guests from one address', () => {
    const fromAddress = (address: string, cookies?: Cookies, n = 0) =>
      app().inject({
        method: 'POST',
        url: '/api/downloads/track',
        remoteAddress: address,
        payload: { logoUrl: logoUrl(`addr-${address}-${n}`) },
        ...(cookies ? { cookies } : {}),
      });

    it('100 concurrent cookie-less downloads from one address give exactly 30, then ask to sign up', async () => {
      const address = '203.0.113.7';
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => fromAddress(address, undefined, i)),
      );
      expect(statusCounts(responses)).toEqual({ 200: 30, 403: 70 });
      const refused = responses.find((r) => r.statusCode === 403)!;
      expect(refused.json().message).toBe(DOWNLOAD_MESSAGES.guestAddressLimit(30));
      expect(refused.json()).toMatchObject({ reason: 'address' });
      expect(refused.json().message).toMatch(/Sign up for a free account/);
      // The dialog knows before the click.
      const check = await app().inject({
        method: 'GET',
        url: '/api/downloads/check-limit',
        remoteAddress: address,
      });
      expect(check.json()).toMatchObject({
        canDownload: false,
        guestAddress: { limit: 30, reached: true },
      });

      // A session that already has downloads left is still bounded by its address…
      const withCookie = await fromAddress(address, undefined, 500);
      expect(withCookie.statusCode).toBe(403);
      // …but a logo the session already has is not a new download.
      const earlier = responses.find((r) => r.statusCode === 200)!;
      const session = { [GUEST_COOKIE]: guestCookieOf(earlier)! };
      const index = responses.indexOf(earlier);
      const again = await fromAddress(address, session, index);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ counted: false });

      // Another address is not affected; a signed-in user from the same one is not either.
      expect((await fromAddress('203.0.113.8')).statusCode).toBe(200);
      const { session: userSession } = await newUser();
      expect((await fromAddress(address, asUser(userSession), 900)).statusCode).toBe(200);
    });

    it('count again after 24 hours', async () => {
      const address = '198.51.100.23';
      for (let i = 0; i < 30; i++)
        expect((await fromAddress(address, undefined, i)).statusCode).toBe(200);
      expect((await fromAddress(address, undefined, 30)).statusCode).toBe(403);
      clock.advance(DAY);
      expect((await fromAddress(address, undefined, 31)).statusCode).toBe(200);
    });

    it('share one ceiling across an IPv6 /64', async () => {
      for (let i = 0; i < 30; i++) {
        const res = await fromAddress(`2001:db8:1:2::${(i + 1).toString(16)}`, undefined, i);
        expect(res.statusCode).toBe(200);
      }
      expect((await fromAddress('2001:db8:1:2:ffff::1', undefined, 30)).statusCode).toBe(403);
      expect((await fromAddress('2001:db8:1:3::1', undefined, 31)).statusCode).toBe(200);
    });
  });

  describe('history stays bounded', () => {
    const rowsOf = (userId: number) =>
      app().database.db.$count(downloads, eq(downloads.userId, userId));

    it('a batch of 200 logos recorded 40 times keeps 200 rows, counted once each', async () => {
      const { session, user } = await newUser();
      await grantPremium(app(), user.id);
      const logos = Array.from({ length: MAX_BATCH_LOGOS }, (_, i) => ({
        url: logoUrl(`bounded${i}`),
        title: `Bounded ${i}`,
      }));
      for (let round = 0; round < 40; round++) {
        const res = await app().inject({
          method: 'POST',
          url: '/api/downloads/batch',
          cookies: asUser(session),
          payload: { logos, consolidated: round % 2 === 1 },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ recorded: MAX_BATCH_LOGOS, downloadCount: 200 });
      }
      expect(await rowsOf(user.id)).toBe(MAX_BATCH_LOGOS);
      // A logo listed twice in one batch is one download.
      const twice = await app().inject({
        method: 'POST',
        url: '/api/downloads/batch',
        cookies: asUser(session),
        payload: { logos: [logos[0], logos[0], { url: logoUrl('bounded-new'), title: 'New' }] },
      });
      expect(twice.json()).toMatchObject({ recorded: 2, downloadCount: 201 });
    });

    it('re-downloads do not grow the table once compacted (the embedded database has no autovacuum)', async () => {
      const { session, user } = await newUser();
      await grantPremium(app(), user.id);
      const logos = Array.from({ length: MAX_BATCH_LOGOS }, (_, i) => ({
        url: logoUrl(`compact${i}`),
        title: `Compact ${i}`,
      }));
      const batches = async (count: number) => {
        for (let i = 0; i < count; i++) {
          const res = await app().inject({
            method: 'POST',
            url: '/api/downloads/batch',
            cookies: asUser(session),
            payload: { logos },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
      };
      const bytes = async () => {
        const result = await app().database.db.execute(
          sql`select pg_total_relation_size('downloads')::bigint as size`,
        );
        return Number((result as unknown as { rows: Array<{ size: string }> }).rows[0]!.size);
      };
      const repo = createDownloadsRepository(app().database.db);
      await batches(20);
      await repo.compactHistory();
      const settled = await bytes();
      for (let round = 0; round < 3; round++) {
        await batches(20);
        await repo.compactHistory();
      }
      // 12,000 more downloads of the same logos: the space of replaced rows was reused.
      expect(await bytes()).toBeLessThanOrEqual(settled * 1.1);
    });

    it('a re-download updates the logo’s entry: one row, the latest time, counted once per period', async () => {
      const { session, user } = await newUser();
      const first = await track(app(), asUser(session), {
        logoUrl: logoUrl('again'),
        logoTitle: 'Again',
      });
      expect(first.json()).toMatchObject({ counted: true, downloadCount: 1 });
      for (let i = 0; i < 5; i++) {
        clock.advance(60_000);
        const res = await track(app(), asUser(session), {
          logoUrl: logoUrl('again'),
          logoTitle: 'Again',
        });
        expect(res.json()).toMatchObject({ counted: false, downloadCount: 1 });
      }
      expect(await rowsOf(user.id)).toBe(1);
      const [entry] = (await history(app(), session)).json().history;
      expect(entry).toMatchObject({
        logoUrl: logoUrl('again'),
        downloadDate: clock.now().toISOString(),
      });

      // In a new period it counts again, still on the same row.
      clock.advance(32 * DAY);
      const later = await track(app(), asUser(session), {
        logoUrl: logoUrl('again'),
        logoTitle: 'Again',
      });
      expect(later.json()).toMatchObject({ counted: true, downloadCount: 1 });
      expect(await rowsOf(user.id)).toBe(1);
    });

    it('a guest session keeps one row per logo too', async () => {
      const first = await track(app(), undefined, { logoUrl: logoUrl('guest-again') });
      const guest = { [GUEST_COOKIE]: guestCookieOf(first)! };
      for (let i = 0; i < 5; i++) await track(app(), guest, { logoUrl: logoUrl('guest-again') });
      expect(
        await app().database.db.$count(downloads, eq(downloads.logoUrl, logoUrl('guest-again'))),
      ).toBe(1);
    });
  });

  describe('Premium downloads are counted', () => {
    it('as downloads this period, shown to the user and to administrators, never limiting Free later', async () => {
      const { session, user } = await newUser();
      await grantPremium(app(), user.id);
      for (const n of [1, 2, 3, 2, 1]) {
        const res = await track(app(), asUser(session), { logoUrl: logoUrl(`pc${n}`) });
        expect(res.statusCode, res.body).toBe(200);
      }
      const me = await app().inject({ method: 'GET', url: '/api/user', cookies: asUser(session) });
      expect(me.json()).toMatchObject({ isSubscribed: true, downloadCount: 3 });
      const check = (await checkLimit(app(), asUser(session))).json();
      expect(check).toMatchObject({ isSubscribed: true, downloadCount: 3, remaining: null });
      expect(check.periodEndsAt).toBe(addCalendarMonths(clock.now(), 1).toISOString());
      const list = await app().inject({
        method: 'GET',
        url: `/api/admin/users?search=${user.username}`,
        cookies: asUser(await adminSession(app())),
      });
      const listed = (list.json().users as Array<{ id: number; downloadCount: number }>).find(
        (u) => u.id === user.id,
      );
      expect(listed).toMatchObject({ downloadCount: 3 });

      // Premium ends (the administrator downgrades): the Free allowance starts fresh.
      clock.advance(60_000);
      const down = await app().inject({
        method: 'POST',
        url: '/api/admin/downgrade-subscription',
        payload: { userId: user.id },
        cookies: asUser(await adminSession(app())),
      });
      expect(down.statusCode, down.body).toBe(200);
      expect((await checkLimit(app(), asUser(session))).json()).toMatchObject({
        isSubscribed: false,
        downloadCount: 0,
        remaining: 10,
      });
      const free = await track(app(), asUser(session), { logoUrl: logoUrl('pc-free') });
      expect(free.json()).toMatchObject({ counted: true, downloadCount: 1, remaining: 9 });
    });
  });

  describe('administrator grant', () => {
    it('extends Premium by calendar months from the later of now and the current expiry', async () => {
      const { user, session } = await newUser();
      const admin = await adminSession(app());
      const grant = (payload: Record<string, unknown>, cookie = admin) =>
        app().inject({
          method: 'POST',
          url: '/api/admin/grant-subscription',
          payload,
          cookies: asUser(cookie),
        });
      const now = clock.now();
      const first = await grant({ userId: user.id, months: 1 });
      expect(first.statusCode, first.body).toBe(200);
      const oneMonth = addCalendarMonths(now, 1);
      expect(first.json().user).toMatchObject({
        id: user.id,
        isSubscribed: true,
        subscriptionExpiryDate: oneMonth.toISOString(),
      });
      expect(first.json().message).toMatch(/Premium/);
      // From the current expiry, not from now: the month already granted is kept.
      const year = await grant({ userId: user.id, expiryDays: 360 });
      expect(year.json().user.subscriptionExpiryDate).toBe(
        addCalendarMonths(oneMonth, 12).toISOString(),
      );

      expect((await grant({ userId: 999_999, months: 1 })).statusCode).toBe(404);
      expect((await grant({ userId: 999_999, months: 1 })).json()).toEqual({
        message: 'User not found',
        code: 'NOT_FOUND',
      });
      const bad = await grant({ userId: user.id, months: 6 });
      expect(bad.statusCode).toBe(400);
      expect((await grant({ userId: user.id, months: 1 }, session)).statusCode).toBe(403);
    });
  });
});

describeOnPostgres('downloads on two instances sharing PostgreSQL', () => {
  let shared: Awaited<ReturnType<typeof createTestAppsSharingDatabase>>;
  beforeAll(async () => {
    shared = await createTestAppsSharingDatabase('postgres', 2, ENV);
  });
  afterAll(() => shared.close());

  it('30 concurrent downloads by a free user, alternating instances, give exactly 10', async () => {
    const [one, two] = shared.apps as [App, App];
    const { session, user } = await register(one, 'TwoInstances');
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        track(i % 2 === 0 ? one : two, asUser(session), { logoUrl: logoUrl(`two${i}`) }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 200: 10, 403: 20 });
    const me = await two.inject({ method: 'GET', url: '/api/user', cookies: asUser(session) });
    expect(me.json()).toMatchObject({ id: user.id, downloadCount: 10 });
    expect((await history(one, session)).json().history).toHaveLength(10);
  });

  it('30 concurrent guest downloads, alternating instances, give exactly 10', async () => {
    const [one, two] = shared.apps as [App, App];
    const first = await track(one, undefined, { logoUrl: logoUrl('two-guest') });
    const guest = { [GUEST_COOKIE]: guestCookieOf(first)! };
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        track(i % 2 === 0 ? one : two, guest, { logoUrl: logoUrl(`two-g${i}`) }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 200: 9, 403: 21 });
  });

  it('100 concurrent cookie-less guest downloads from one address, alternating instances, give exactly 30', async () => {
    const [one, two] = shared.apps as [App, App];
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 === 0 ? one : two).inject({
          method: 'POST',
          url: '/api/downloads/track',
          remoteAddress: '192.0.2.55',
          payload: { logoUrl: logoUrl(`two-addr${i}`) },
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 200: 30, 403: 70 });
  });
});
