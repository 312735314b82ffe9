import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { supportRequests } from '#server/db/schema/support.ts';
import { users } from '#server/db/schema/users.ts';

type NewSupportRequestRow = typeof supportRequests.$inferInsert;

export type SupportRequestRow = typeof supportRequests.$inferSelect & { username: string | null };

export function createSupportRepository(db: Database) {
  return {
    async insert(row: NewSupportRequestRow): Promise<{ id: number }> {
      const [inserted] = await db
        .insert(supportRequests)
        .values(row)
        .returning({ id: supportRequests.id });
      return inserted!;
    },

    /** Open requests first (priority first, then the longest waiting), then done ones, latest done first. */
    async list(limit: number): Promise<SupportRequestRow[]> {
      const open = sql`${supportRequests.doneAt} is null`;
      return db
        .select({
          id: supportRequests.id,
          userId: supportRequests.userId,
          email: supportRequests.email,
          subject: supportRequests.subject,
          message: supportRequests.message,
          priority: supportRequests.priority,
          createdAt: supportRequests.createdAt,
          doneAt: supportRequests.doneAt,
          doneBy: supportRequests.doneBy,
          username: users.username,
        })
        .from(supportRequests)
        .leftJoin(users, eq(users.id, supportRequests.userId))
        .orderBy(
          sql`${open} desc`,
          sql`case when ${open} then ${supportRequests.priority} end desc nulls last`,
          sql`case when ${open} then ${supportRequests.createdAt} end asc`,
          sql`${supportRequests.doneAt} desc`,
          supportRequests.id,
        )
        .limit(limit);
    },

    /**
     * Marks an open request done in one statement; 'already' when it was done before (a second
     * click or another administrator), 'missing' when there is no such request.
     */
    async markDone(
      id: number,
      doneBy: string,
      now: Date,
    ): Promise<{ outcome: 'done' | 'already'; subject: string } | { outcome: 'missing' }> {
      const [updated] = await db
        .update(supportRequests)
        .set({ doneAt: now, doneBy })
        .where(and(eq(supportRequests.id, id), isNull(supportRequests.doneAt)))
        .returning({ subject: supportRequests.subject });
      if (updated) return { outcome: 'done', subject: updated.subject };
      const [existing] = await db
        .select({ subject: supportRequests.subject })
        .from(supportRequests)
        .where(eq(supportRequests.id, id));
      return existing ? { outcome: 'already', subject: existing.subject } : { outcome: 'missing' };
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
