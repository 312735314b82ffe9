import { and, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/sessions.ts';

export type SessionRow = typeof sessions.$inferSelect;

export function createSessionsRepository(db: Database) {
  return {
    async insert(row: SessionRow): Promise<void> {
      await db.insert(sessions).values(row);
    },

    async find(idHash: string): Promise<SessionRow | null> {
      const rows = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1);
      return rows[0] ?? null;
    },

    async extend(idHash: string, lastSeen: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeen, expiresAt }).where(eq(sessions.idHash, idHash));
    },

    async delete(idHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },

    /** Every session of the user, except `keepIdHash`'s when given. */
    async deleteForUser(userId: number, keepIdHash?: string): Promise<void> {
      const others = keepIdHash === undefined ? undefined : ne(sessions.idHash, keepIdHash);
      await db.delete(sessions).where(and(eq(sessions.userId, userId), others));
    },

    async deleteExpired(userId: number, now: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
