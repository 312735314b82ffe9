import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import {
  createPostgresDatabase,
  databaseTargets,
  openTestPglite,
} from '#tests/support/test-app.ts';
import {
  createDatabaseFailureCounters,
  type FailureCounters,
} from './login-throttle.repository.ts';

const WINDOW = 15 * 60 * 1000;

function behavesAsFixedWindowCounter(make: () => FailureCounters) {
  it('counts concurrent failures exactly, per key, and resets on demand', async () => {
    const counters = make();
    const key = `user:test-${Math.random()}`;
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => counters.increment(key, now, WINDOW)),
    );
    expect(results.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await counters.count(key, now)).toBe(8);
    expect(await counters.count(`${key}-other`, now)).toBe(0);
    await counters.reset(key);
    expect(await counters.count(key, now)).toBe(0);
  });

  it('starts a new window once the old one has ended', async () => {
    const counters = make();
    const key = `ip:test-${Math.random()}`;
    const start = new Date('2026-01-01T00:00:00Z');
    await counters.increment(key, start, WINDOW);
    await counters.increment(key, start, WINDOW);
    const later = new Date(start.getTime() + WINDOW + 1);
    expect(await counters.count(key, later)).toBe(0);
    expect(await counters.increment(key, later, WINDOW)).toBe(1);
  });

  it('paces a key: `free` attempts at once, then one per growing delay; concurrent attempts never slip through', async () => {
    const counters = make();
    const key = `login-account:test-${Math.random()}`;
    const pacing = { free: 5, baseDelayMs: 1000, maxDelayMs: 60_000 };
    const start = new Date('2026-01-01T00:00:00Z');
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => counters.attemptPaced(key, start, WINDOW, pacing)),
    );
    expect(burst.filter((r) => r.allowed)).toHaveLength(5);
    expect(burst.find((r) => !r.allowed)).toEqual({ allowed: false, retryAfterMs: 1000 });

    const after1s = new Date(start.getTime() + 1000);
    const next = await Promise.all(
      Array.from({ length: 5 }, () => counters.attemptPaced(key, after1s, WINDOW, pacing)),
    );
    expect(next.filter((r) => r.allowed)).toEqual([{ allowed: true, count: 6 }]);
    // The 6th attempt asks for twice the wait.
    expect(
      await counters.attemptPaced(key, new Date(after1s.getTime() + 1999), WINDOW, pacing),
    ).toEqual({
      allowed: false,
      retryAfterMs: 1000,
    });
    expect(
      (await counters.attemptPaced(key, new Date(after1s.getTime() + 2000), WINDOW, pacing))
        .allowed,
    ).toBe(true);
  });

  it('refunds one attempt at a time and never below zero', async () => {
    const counters = make();
    const key = `redeem-user:test-${Math.random()}`;
    const now = new Date();
    await counters.increment(key, now, WINDOW);
    await counters.increment(key, now, WINDOW);
    await counters.refund(key);
    expect(await counters.count(key, now)).toBe(1);
    await Promise.all([counters.refund(key), counters.refund(key), counters.refund(key)]);
    expect(await counters.count(key, now)).toBe(0);
    expect(await counters.increment(key, now, WINDOW)).toBe(1);
  });
}

describe.each(databaseTargets)('sign-in failure counters in the database (%s)', (target) => {
  let database: Awaited<ReturnType<typeof openTestPglite>>;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (target === 'pglite') database = await openTestPglite();
    else {
      const pg = await createPostgresDatabase();
      drop = pg.drop;
      database = await openDatabase({ kind: 'postgres', url: pg.url });
    }
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });
  behavesAsFixedWindowCounter(() => createDatabaseFailureCounters(database.db));
});
