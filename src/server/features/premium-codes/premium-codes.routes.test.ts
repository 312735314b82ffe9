import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/users.ts';
import { REDEEM_MESSAGES } from '#shared/premium-codes/premium-codes.schemas.ts';
import type { PremiumCode } from '#shared/premium-codes/premium-codes.schemas.ts';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';
import {
  DAY,
  MINUTE,
  SESSION_COOKIE,
  login,
  manualClock,
  register,
  sessionOf,
  whoAmI,
} from '#tests/support/accounts-fixtures.ts';
import { CODE_ALPHABET, CODE_LENGTH, generateCode } from './premium-codes.service.ts';

describe('code generation', () => {
  it('draws 10 symbols from an alphabet without look-alikes', () => {
    expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    const codes = new Set(Array.from({ length: 2000 }, generateCode));
    expect(codes.size).toBe(2000);
    for (const code of codes)
      expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
  });
});

describe.each(databaseTargets)('premium access codes on %s', (target) => {
  const clock = manualClock();
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let adminSession: string;
  let ipCount = 0;
  // Each request from its own address unless a test says otherwise, so per-address limits stay out of the way.
  const nextIp = () => `10.9.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;
  const app = () => testApp.app;
  const cookies = (session: string) => ({ [SESSION_COOKIE]: session });

  beforeAll(async () => {
    testApp = await createTestApp(target, {}, { clock: clock.now });
    const res = await login(app(), 'admin', 'test-admin-password');
    adminSession = sessionOf(res);
  });
  afterAll(() => testApp.close());

  async function createCode(body: Record<string, unknown> = {}) {
    const res = await app().inject({
      method: 'POST',
      url: '/api/admin/premium-codes',
      payload: body,
      cookies: cookies(adminSession),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; code: string; duration: number; expiresAt: string }>();
  }

  async function listCodes() {
    const res = await app().inject({
      method: 'GET',
      url: '/api/admin/premium-codes',
      cookies: cookies(adminSession),
    });
    expect(res.statusCode).toBe(200);
    return res.json<PremiumCode[]>();
  }

  const statusOf = async (id: number) => (await listCodes()).find((c) => c.id === id)?.status;

  function redeem(session: string, code: unknown, ip = nextIp()) {
    return app().inject({
      method: 'POST',
      url: '/api/redeem-premium-code',
      payload: { code },
      cookies: cookies(session),
      remoteAddress: ip,
    });
  }

  function invalidate(id: number) {
    return app().inject({
      method: 'PUT',
      url: `/api/admin/premium-codes/${id}/invalidate`,
      cookies: cookies(adminSession),
    });
  }

  let userCount = 0;
  async function newUser() {
    const { session, user } = await register(app(), `coder${++userCount}`);
    return { session, user };
  }

  it('creates codes with the defaults (30 days of Premium, redeemable for 14 days)', async () => {
    const created = await createCode();
    expect(created.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(created.duration).toBe(30);
    expect(new Date(created.expiresAt).getTime()).toBe(clock.now().getTime() + 14 * DAY);
    const listed = (await listCodes()).find((c) => c.id === created.id);
    expect(listed).toMatchObject({
      code: created.code,
      status: 'active',
      duration: 30,
      redeemedBy: null,
      redeemedByUsername: null,
    });
  });

  it('explains invalid durations and expiries with the documented messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ duration: 0 }, 'Duration must be at least 1 day'],
      [{ duration: 366 }, 'Duration cannot be more than 365 days'],
      [{ expiryDays: 0 }, 'Expiry must be at least 1 day from now'],
      [{ expiryDays: 91 }, 'Expiry cannot be more than 90 days from now'],
    ];
    for (const [payload, message] of cases) {
      const res = await app().inject({
        method: 'POST',
        url: '/api/admin/premium-codes',
        payload,
        cookies: cookies(adminSession),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
    }
  });

  it('lists codes newest first', async () => {
    const first = await createCode({ duration: 5 });
    clock.advance(MINUTE);
    const second = await createCode({ duration: 6 });
    const ids = (await listCodes()).map((c) => c.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it('redeems a code once, trimmed and in any case, and shows who redeemed it', async () => {
    const { code, id } = await createCode({ duration: 10 });
    const { session, user } = await newUser();
    const res = await redeem(session, `  ${code.toLowerCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    const expected = new Date(clock.now().getTime() + 10 * DAY).toISOString();
    expect(res.json()).toMatchObject({ expiryDate: expected, extended: true });
    const me = (await whoAmI(app(), session)).json();
    expect(me).toMatchObject({ isSubscribed: true, subscriptionExpiryDate: expected });
    expect((await listCodes()).find((c) => c.id === id)).toMatchObject({
      status: 'redeemed',
      redeemedBy: user.id,
      redeemedByUsername: user.username,
    });

    const again = await redeem((await newUser()).session, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REDEEM_MESSAGES.redeemed, code: 'CODE_REDEEMED' });
  });

  it('gives a clear message for empty, unknown, expired and invalidated codes', async () => {
    const { session } = await newUser();
    const empty = await redeem(session, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: REDEEM_MESSAGES.empty, code: 'VALIDATION_FAILED' });

    const unknown = await redeem(session, 'ZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: REDEEM_MESSAGES.unknown, code: 'NOT_FOUND' });

    const toInvalidate = await createCode();
    expect((await invalidate(toInvalidate.id)).statusCode).toBe(200);
    expect(await statusOf(toInvalidate.id)).toBe('invalidated');
    const invalidated = await redeem(session, toInvalidate.code);
    expect(invalidated.statusCode).toBe(409);
    expect(invalidated.json()).toEqual({
      message: REDEEM_MESSAGES.invalidated,
      code: 'CODE_INVALIDATED',
    });

    const toExpire = await createCode({ expiryDays: 1 });
    clock.advance(DAY);
    expect(await statusOf(toExpire.id)).toBe('expired');
    const expired = await redeem(session, toExpire.code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: REDEEM_MESSAGES.expired, code: 'CODE_EXPIRED' });
    expect((await whoAmI(app(), session)).json().isSubscribed).toBe(false);
  });

  it('invalidates only active codes', async () => {
    const code = await createCode();
    const first = await invalidate(code.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toContain(code.code);
    const twice = await invalidate(code.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: 'This code has already been invalidated.',
      code: 'CODE_INVALIDATED',
    });

    const used = await createCode();
    expect((await redeem((await newUser()).session, used.code)).statusCode).toBe(200);
    const redeemed = await invalidate(used.id);
    expect(redeemed.statusCode).toBe(409);
    expect(redeemed.json().message).toMatch(/already been redeemed/);

    const old = await createCode({ expiryDays: 1 });
    clock.advance(DAY + MINUTE);
    const expired = await invalidate(old.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);

    const missing = await invalidate(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Premium code not found', code: 'NOT_FOUND' });
  });

  it('names the code, not a user, when its id in the address is not a whole number', async () => {
    const res = await app().inject({
      method: 'PUT',
      url: '/api/admin/premium-codes/abc/invalidate',
      cookies: cookies(adminSession),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The code id must be a whole number.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses to invalidate a redeemed code and keeps its history, even once its redeemer is gone', async () => {
    const auditActions = async (code: string) => {
      const res = await app().inject({
        method: 'GET',
        url: '/api/admin/audit-log',
        cookies: cookies(adminSession),
      });
      return res
        .json<{ entries: Array<{ action: string; target: string | null }> }>()
        .entries.filter((e) => e.target?.includes(code))
        .map((e) => e.action);
    };
    const code = await createCode();
    const redeemer = await newUser();
    expect((await redeem(redeemer.session, code.code)).statusCode).toBe(200);
    // The account that redeemed it is deleted: the code stays redeemed, only the name goes.
    const deleted = await app().inject({
      method: 'DELETE',
      url: `/api/admin/users/${redeemer.user.id}`,
      cookies: cookies(adminSession),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listCodes()).find((c) => c.id === code.id)).toMatchObject({
      status: 'redeemed',
      redeemedBy: null,
    });

    const res = await invalidate(code.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This code has already been redeemed and cannot be invalidated.',
      code: 'CODE_REDEEMED',
    });
    expect(await statusOf(code.id)).toBe('redeemed');
    expect(await auditActions(code.code)).toEqual(['create-code']);

    // Nor does it become redeemable again.
    const someoneElse = await newUser();
    const again = await redeem(someoneElse.session, code.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REDEEM_MESSAGES.redeemed, code: 'CODE_REDEEMED' });
    expect((await whoAmI(app(), someoneElse.session)).json().isSubscribed).toBe(false);
  });

  it('lets exactly one of a redeem and an invalidation at the same moment win', async () => {
    for (let round = 0; round < 5; round++) {
      const code = await createCode();
      const { session } = await newUser();
      const [redeemed, invalidated] = await Promise.all([
        redeem(session, code.code),
        invalidate(code.id),
      ]);
      const outcome = [redeemed.statusCode, invalidated.statusCode].sort();
      expect(outcome, `${redeemed.body} ${invalidated.body}`).toEqual([200, 409]);
      const status = await statusOf(code.id);
      expect(status).toBe(redeemed.statusCode === 200 ? 'redeemed' : 'invalidated');
      expect((await whoAmI(app(), session)).json().isSubscribed).toBe(redeemed.statusCode === 200);
    }
  });

  it('stacks codes: each one adds its days to the end of the Premium already there', async () => {
    const { session } = await newUser();
    const first = await createCode({ duration: 60 });
    const second = await createCode({ duration: 10 });

    const started = await redeem(session, first.code);
    const sixtyDays = new Date(clock.now().getTime() + 60 * DAY).toISOString();
    expect(started.json()).toMatchObject({ expiryDate: sixtyDays, extended: true });

    // Later, while Premium still runs: the 10 days go on after day 60, not from today.
    clock.advance(5 * DAY);
    const stacked = await redeem(session, second.code);
    const seventyDays = new Date(new Date(sixtyDays).getTime() + 10 * DAY).toISOString();
    expect(stacked.statusCode, stacked.body).toBe(200);
    expect(stacked.json()).toMatchObject({ expiryDate: seventyDays, extended: true });
    expect((await whoAmI(app(), session)).json().subscriptionExpiryDate).toBe(seventyDays);
  });

  it('adds up two codes one user redeems at the same moment', async () => {
    const { session } = await newUser();
    const [a, b] = [await createCode({ duration: 7 }), await createCode({ duration: 11 })];
    const results = await Promise.all([redeem(session, a.code), redeem(session, b.code)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await whoAmI(app(), session)).json().subscriptionExpiryDate).toBe(
      new Date(clock.now().getTime() + 18 * DAY).toISOString(),
    );
  });

  it('refuses, and keeps unused, a code for Premium that a paid Stripe subscription provides', async () => {
    const { session, user } = await newUser();
    const paidUntil = new Date(clock.now().getTime() + 20 * DAY);
    await app()
      .database.db.update(users)
      .set({
        stripeSubscriptionId: `sub_codes_${user.id}`,
        subscriptionStatus: 'active',
        subscriptionExpiryDate: paidUntil,
      })
      .where(eq(users.id, user.id));
    const { code, id } = await createCode({ duration: 30 });

    const refused = await redeem(session, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: REDEEM_MESSAGES.paidSubscription,
      code: 'CODE_CANNOT_EXTEND',
    });
    expect(await statusOf(id)).toBe('active');
    expect((await whoAmI(app(), session)).json().subscriptionExpiryDate).toBe(
      paidUntil.toISOString(),
    );

    // Once the subscription has ended at Stripe, the same code works.
    await app()
      .database.db.update(users)
      .set({ subscriptionStatus: 'canceled', subscriptionExpiryDate: clock.now() })
      .where(eq(users.id, user.id));
    const redeemed = await redeem(session, code);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(await statusOf(id)).toBe('redeemed');
  });

  it('lets exactly one of 20 concurrent redeems of one code succeed', async () => {
    const { code, id } = await createCode({ duration: 7 });
    const users = [];
    for (let i = 0; i < 20; i++) users.push(await newUser());
    const results = await Promise.all(users.map(({ session }) => redeem(session, code)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = users[statuses.indexOf(200)]!;
    expect((await listCodes()).find((c) => c.id === id)?.redeemedBy).toBe(winner.user.id);
    const premium = await Promise.all(
      users.map(async ({ session }) => (await whoAmI(app(), session)).json().isSubscribed),
    );
    expect(premium.filter(Boolean)).toHaveLength(1);
  });

  it('stops guessing after 10 failures per user, and per address, for 15 minutes', async () => {
    const guesser = await newUser();
    const valid = await createCode();
    for (let i = 0; i < 10; i++) {
      expect((await redeem(guesser.session, `GUESS${i}AAAA`)).statusCode).toBe(404);
    }
    const blocked = await redeem(guesser.session, valid.code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: REDEEM_MESSAGES.tooMany, code: 'RATE_LIMITED' });

    // Another account from one address is blocked once that address has 10 failures.
    const ip = '10.250.0.1';
    const accounts = [await newUser(), await newUser()];
    for (let i = 0; i < 10; i++) {
      const res = await redeem(accounts[i % 2]!.session, `ADDR${i}AAAAA`, ip);
      expect(res.statusCode).toBe(404);
    }
    const third = await newUser();
    expect((await redeem(third.session, valid.code, ip)).statusCode).toBe(429);

    clock.advance(15 * MINUTE);
    const later = await redeem(guesser.session, valid.code);
    expect(later.statusCode).toBe(200);
  });

  it('needs a session to redeem and refuses another user id', async () => {
    const anonymous = await app().inject({
      method: 'POST',
      url: '/api/redeem-premium-code',
      payload: { code: 'ANYTHING22' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { session, user } = await newUser();
    const code = await createCode();
    const res = await app().inject({
      method: 'POST',
      url: '/api/redeem-premium-code',
      payload: { code: code.code, userId: user.id + 1000 },
      cookies: cookies(session),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(403);
    expect(await statusOf(code.id)).toBe('active');
  });

  it('writes audit entries for creating and invalidating codes', async () => {
    const code = await createCode({ duration: 3 });
    await invalidate(code.id);
    const res = await app().inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      cookies: cookies(adminSession),
    });
    const entries = res.json<{ entries: Array<Record<string, unknown>> }>().entries;
    const mine = entries.filter((e) => String(e.target).includes(code.code));
    expect(mine.map((e) => e.action)).toEqual(['invalidate-code', 'create-code']);
    expect(mine[1]).toMatchObject({ actor: 'admin', detail: expect.stringContaining('3 days') });
  });
});
