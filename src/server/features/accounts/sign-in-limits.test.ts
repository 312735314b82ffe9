import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/users.ts';
import { REDEEM_MESSAGES } from '#shared/premium-codes/premium-codes.schemas.ts';
import {
  createTestApp,
  createTestAppsSharingDatabase,
  databaseTargets,
} from '#tests/support/test-app.ts';
import { MINUTE, manualClock } from '#tests/support/accounts-fixtures.ts';

/*
 * The attempt limits as a client meets them: real HTTP to a listening server that trusts the
 * proxy at 127.0.0.1 (the test), so X-Forwarded-For stands for the client's address.
 */

const TOO_MANY = {
  message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  code: 'RATE_LIMITED',
};

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

async function post(
  base: string,
  path: string,
  body: unknown,
  client: { ip: string; cookie?: string },
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': client.ip,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    headers: res.headers,
  };
}

const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

let addressCount = 0;
/** A client address no other test uses. */
const address = () => `10.77.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;

async function registerOver(base: string, username: string, ip = address()) {
  const password = `${username}-password`;
  const res = await post(
    base,
    '/api/users/register',
    { username, email: `${username}@example.com`, password, confirmPassword: password },
    { ip },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as number, username, email: `${username}@example.com`, password };
}

const signIn = (base: string, username: string, password: string, ip: string) =>
  post(base, '/api/users/login', { username, password }, { ip });

describe.each(databaseTargets)('attempt limits through real HTTP on %s', (target) => {
  const clock = manualClock();
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;

  beforeAll(async () => {
    testApp = await createTestApp(
      target,
      { TRUST_PROXY: '127.0.0.1/32', RATE_LIMIT_PER_MINUTE: '100000' },
      { clock: clock.now },
    );
    base = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => testApp.close());

  it('40 concurrent wrong passwords from one address: at most 5 checked, the rest refused; the right password then works only from another address', async () => {
    const alice = await registerOver(base, 'alice');
    const a = address();
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => signIn(base, 'alice', 'wrong-password', a)),
    );
    const counts = tally(burst);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeLessThanOrEqual(5);
    for (const refused of burst.filter((r) => r.status === 429)) {
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    expect((await signIn(base, 'alice', alice.password, a)).status).toBe(429);
    const fromB = await signIn(base, 'alice', alice.password, address());
    expect(fromB.status, JSON.stringify(fromB.body)).toBe(200);
  });

  it('a locked account on an address does not block another account on that address', async () => {
    await registerOver(base, 'xavier');
    const yvonne = await registerOver(base, 'yvonne');
    const a = address();
    for (let i = 0; i < 5; i++)
      expect((await signIn(base, 'xavier', 'nope-nope', a)).status).toBe(401);
    expect((await signIn(base, 'xavier', 'nope-nope', a)).status).toBe(429);
    expect((await signIn(base, 'yvonne', yvonne.password, a)).status).toBe(200);
  });

  it('the same login by username and by email is one account for the limits', async () => {
    const zoe = await registerOver(base, 'zoe');
    const a = address();
    for (const login of ['zoe', 'ZOE@example.com', 'Zoe', 'zoe@EXAMPLE.com', 'zoe']) {
      expect((await signIn(base, login, 'wrong-password', a)).status).toBe(401);
    }
    expect((await signIn(base, 'zoe@example.com', zoe.password, a)).status).toBe(429);
    expect((await signIn(base, 'ZOE', zoe.password, a)).status).toBe(429);
  });

  it('one address trying many accounts meets a looser ceiling; other addresses are unaffected', async () => {
    const walt = await registerOver(base, 'walt');
    const a = address();
    for (let i = 0; i < 30; i++) {
      expect((await signIn(base, `stuffed${i}`, 'leaked-password', a)).status).toBe(401);
    }
    const refused = await signIn(base, 'walt', walt.password, a);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message:
        'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.',
      code: 'RATE_LIMITED',
    });
    expect((await signIn(base, 'walt', walt.password, address())).status).toBe(200);
    clock.advance(15 * MINUTE + 1000);
    expect((await signIn(base, 'walt', walt.password, a)).status).toBe(200);
  });

  it('guesses for one account from many addresses are slowed, not locked: the owner gets in after the delay', async () => {
    const owner = await registerOver(base, 'vera');
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => signIn(base, 'vera', 'wrong-password', address())),
    );
    const counts = tally(burst);
    expect(counts[401]).toBeLessThanOrEqual(10);
    const slowed = burst.filter((r) => r.status === 429);
    expect(slowed.length).toBeGreaterThanOrEqual(30);
    const retryAfter = Number(slowed[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(slowed[0]!.body.message).toMatch(
      /^Too many sign-in attempts for this account\. Please wait \d+ seconds? and try again\.$/,
    );

    expect((await signIn(base, 'vera', owner.password, address())).status).toBe(429);
    clock.advance(retryAfter * 1000);
    const owners = await signIn(base, 'vera', owner.password, address());
    expect(owners.status, JSON.stringify(owners.body)).toBe(200);
  });

  it('40 concurrent premium-code guesses: at most 10 looked at, the rest refused', async () => {
    const guesser = await registerOver(base, 'guesser');
    const session = await signIn(base, 'guesser', guesser.password, address());
    const cookie = session.headers.getSetCookie().find((c) => c.startsWith('wl_session='))!;
    const client = { ip: address(), cookie: cookie.split(';')[0]! };
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(
          base,
          '/api/redeem-premium-code',
          { code: `GUESS${String(i).padStart(5, 'A')}` },
          client,
        ),
      ),
    );
    const counts = tally(burst);
    expect(counts[404]).toBeLessThanOrEqual(10);
    expect((counts[404] ?? 0) + (counts[429] ?? 0)).toBe(40);
    for (const refused of burst.filter((r) => r.status === 429)) {
      expect(refused.body).toEqual({ message: REDEEM_MESSAGES.tooMany, code: 'RATE_LIMITED' });
    }
  });

  it('password reset requests are counted before any work, per address and per email', async () => {
    await registerOver(base, 'resetter');
    const a = address();
    const fromOneAddress = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(base, '/api/users/request-reset', { email: `someone${i}@example.com` }, { ip: a }),
      ),
    );
    expect(tally(fromOneAddress)[200]).toBeLessThanOrEqual(5);
    expect(fromOneAddress.filter((r) => r.status !== 200).every((r) => r.status === 429)).toBe(
      true,
    );

    const forOneEmail = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(
          base,
          '/api/users/request-reset',
          { email: 'resetter@example.com' },
          { ip: address() },
        ),
      ),
    );
    const counts = tally(forOneEmail);
    expect(counts[200]).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(15);
    expect(forOneEmail.find((r) => r.status === 429)!.body).toEqual({
      message:
        'Too many password reset requests for this email. Please wait an hour and try again.',
      code: 'RATE_LIMITED',
    });
  });

  it('sign-ups are limited per address', async () => {
    const a = address();
    const answers: Answer[] = [];
    for (let i = 0; i < 11; i++) {
      const name = `signup${i}`;
      answers.push(
        await post(
          base,
          '/api/users/register',
          {
            username: name,
            email: `${name}@example.com`,
            password: 'pass-word-1',
            confirmPassword: 'pass-word-1',
          },
          { ip: a },
        ),
      );
    }
    expect(answers.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(answers[10]!.status).toBe(429);
    expect(answers[10]!.body).toEqual({
      message: 'Too many sign-ups from your network. Please wait an hour and try again.',
      code: 'RATE_LIMITED',
    });
    const elsewhere = await registerOver(base, 'signup-elsewhere');
    expect(elsewhere.id).toBeGreaterThan(0);
  });

  it('an old scrypt hash still signs in, and is replaced by an Argon2id hash at that sign-in', async () => {
    const legacy = await registerOver(base, 'legacy');
    // The hash of 'legacy-password' as the previous version stored it.
    const scryptHash =
      'scrypt$32768$8$1$Mr_SQIVX77NxwXRL07boAQ$VKWQnSeqoU_P1veQMBSDMKyvIJENMahQOFSgMr5RPdboemhieiegFtwECTwGbO6R613yf8VqDS1lHOd1u4a--w';
    const db = testApp.app.database.db;
    await db.update(users).set({ passwordHash: scryptHash }).where(eq(users.id, legacy.id));
    expect((await signIn(base, 'legacy', 'not-it-at-all', address())).status).toBe(401);
    expect((await signIn(base, 'legacy', legacy.password, address())).status).toBe(200);
    const [row] = await db
      .select({ stored: users.passwordHash })
      .from(users)
      .where(eq(users.id, legacy.id));
    const stored = row!.stored;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn(base, 'legacy', legacy.password, address())).status).toBe(200);
  });
});

describe.each(databaseTargets)(
  'attempt limits across two instances on one %s database',
  (target) => {
    let pair: Awaited<ReturnType<typeof createTestAppsSharingDatabase>>;
    let bases: string[];

    beforeAll(async () => {
      pair = await createTestAppsSharingDatabase(target, 2, {
        TRUST_PROXY: '127.0.0.1/32',
        RATE_LIMIT_PER_MINUTE: '100000',
      });
      bases = await Promise.all(pair.apps.map((app) => app.listen({ host: '127.0.0.1', port: 0 })));
    });
    afterAll(() => pair.close());

    it('40 concurrent wrong passwords split across both: at most 5 checked; the right password then works only from another address', async () => {
      const user = await registerOver(bases[0]!, 'twin');
      const a = address();
      const burst = await Promise.all(
        Array.from({ length: 40 }, (_, i) => signIn(bases[i % 2]!, 'twin', 'wrong-password', a)),
      );
      const counts = tally(burst);
      expect(counts[401]).toBeLessThanOrEqual(5);
      expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
      for (const base of bases)
        expect((await signIn(base, 'twin', user.password, a)).status).toBe(429);
      expect((await signIn(bases[1]!, 'twin', user.password, address())).status).toBe(200);
    });
  },
);
