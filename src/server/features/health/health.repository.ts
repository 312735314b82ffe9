import { max } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';

/** drizzle's own record of applied migrations (not part of the app's schema: drizzle creates it). */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

export function createHealthRepository(db: Database) {
  return {
    /** When the newest applied migration was written (or null); throws if the database is down. */
    newestAppliedMigration: async (): Promise<number | null> => {
      try {
        const [row] = await db
          .select({ newest: max(appliedMigrations.createdAt) })
          .from(appliedMigrations);
        return row?.newest == null ? null : Number(row.newest);
      } catch (err) {
        // 42P01 / 3F000: no migrations table or schema at all, so nothing was ever applied.
        const e = err as { code?: unknown; cause?: { code?: unknown } };
        const code = e.code ?? e.cause?.code;
        if (code === '42P01' || code === '3F000') return null;
        throw err;
      }
    },
  };
}
