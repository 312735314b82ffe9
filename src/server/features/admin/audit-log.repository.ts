import { desc } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { adminAuditLog } from '#server/db/schema/billing.ts';

type AuditRow = typeof adminAuditLog.$inferSelect;
type NewAuditRow = typeof adminAuditLog.$inferInsert;

export function createAuditLogRepository(db: Database) {
  return {
    async insert(entry: NewAuditRow): Promise<void> {
      await db.insert(adminAuditLog).values(entry);
    },

    async listRecent(limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(adminAuditLog)
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(limit);
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
