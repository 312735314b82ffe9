import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { loginFailures } from '#server/db/schema/accounts.ts';

/** Failure counters with a fixed window, shared by every instance (they live in the database). */
export type FailureCounters = {
  count: (key: string, now: Date) => Promise<number>;
  /** Adds one failure and returns the new count; the window starts at the first failure. */
  increment: (key: string, now: Date, windowMs: number) => Promise<number>;
  reset: (key: string) => Promise<void>;
};

export function createDatabaseFailureCounters(db: Database): FailureCounters {
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
    async increment(key, now, windowMs) {
      const windowEndsAt = new Date(now.getTime() + windowMs);
      // One atomic upsert: concurrent failures on several instances all count.
      const rows = await db
        .insert(loginFailures)
        .values({ key, count: 1, windowEndsAt })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            count: sql`case when ${loginFailures.windowEndsAt} <= ${now.toISOString()}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
            windowEndsAt: sql`case when ${loginFailures.windowEndsAt} <= ${now.toISOString()}::timestamptz then ${windowEndsAt.toISOString()}::timestamptz else ${loginFailures.windowEndsAt} end`,
          },
        })
        .returning({ count: loginFailures.count });
      return rows[0]!.count;
    },
    async reset(key) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },
  };
}
