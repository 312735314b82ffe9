import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { loginFailures } from '#server/db/schema/accounts.ts';
import { pacingDelayMs, type FailureCounters } from './attempt-limits.ts';

export type { FailureCounters, PacedAttempt, Pacing } from './attempt-limits.ts';

export function createDatabaseFailureCounters(db: Database): FailureCounters {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const ended = (now: Date) => sql`${loginFailures.windowEndsAt} <= ${at(now)}`;

  /** Counts one attempt in the key's window (a new window once it has ended); with `onlyIf`, only when that holds. */
  function upsert(key: string, now: Date, windowMs: number, onlyIf?: SQL) {
    const windowEndsAt = new Date(now.getTime() + windowMs);
    return db
      .insert(loginFailures)
      .values({ key, count: 1, windowEndsAt, lastAt: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${ended(now)} then 1 else ${loginFailures.count} + 1 end`,
          windowEndsAt: sql`case when ${ended(now)} then ${at(windowEndsAt)} else ${loginFailures.windowEndsAt} end`,
          lastAt: now,
        },
        ...(onlyIf ? { setWhere: onlyIf } : {}),
      });
  }

  async function attempt(key: string, now: Date, windowMs: number) {
    const rows = await upsert(key, now, windowMs).returning({
      count: loginFailures.count,
      windowEndsAt: loginFailures.windowEndsAt,
    });
    return rows[0]!;
  }

  return {
    async count(key, now) {
      const rows = await db
        .select({ count: loginFailures.count, windowEndsAt: loginFailures.windowEndsAt })
        .from(loginFailures)
        .where(eq(loginFailures.key, key))
        .limit(1);
      const row = rows[0];
      return row && row.windowEndsAt.getTime() > now.getTime() ? row.count : 0;
    },
    attempt,
    async increment(key, now, windowMs) {
      return (await attempt(key, now, windowMs)).count;
    },
    async attemptPaced(key, now, windowMs, pacing) {
      const delayMs = sql`least(${pacing.maxDelayMs}::float8, ${pacing.baseDelayMs}::float8 * power(2::float8, ${loginFailures.count} - ${pacing.free}))`;
      // The condition is part of the upsert: the row lock makes check-and-count one step.
      const rows = await upsert(
        key,
        now,
        windowMs,
        sql`${ended(now)} or ${loginFailures.count} < ${pacing.free} or ${loginFailures.lastAt} is null or ${loginFailures.lastAt} + ${delayMs} * interval '1 millisecond' <= ${at(now)}`,
      ).returning({ count: loginFailures.count });
      if (rows[0]) return { allowed: true, count: rows[0].count };
      const [row] = await db
        .select({ count: loginFailures.count, lastAt: loginFailures.lastAt })
        .from(loginFailures)
        .where(eq(loginFailures.key, key));
      const waitUntil =
        (row?.lastAt?.getTime() ?? now.getTime()) + pacingDelayMs(pacing, row?.count ?? 0);
      return { allowed: false, retryAfterMs: Math.max(1000, waitUntil - now.getTime()) };
    },
    async refund(key) {
      await db
        .update(loginFailures)
        .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
        .where(eq(loginFailures.key, key));
    },
    async reset(key) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },
  };
}
