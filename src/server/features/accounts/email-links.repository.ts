import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { emailVerificationTokens, passwordResetTokens } from '#server/db/schema/accounts.ts';

/** The two kinds of link sent by email: same columns, one table each (different lifetimes). */
const TABLES = {
  'password-reset': passwordResetTokens,
  'email-verification': emailVerificationTokens,
};

/** Single-use links sent by email (password reset, email verification): only token hashes are stored. */
export function createEmailLinksRepository(db: Database, kind: keyof typeof TABLES) {
  // Both tables have the same columns; Drizzle's builders only need to see one of them.
  const links = TABLES[kind] as typeof passwordResetTokens;
  const usable = (tokenHash: string, now: Date) =>
    and(eq(links.tokenHash, tokenHash), isNull(links.usedAt), gt(links.expiresAt, now));

  return {
    /** Stores a new link and invalidates every earlier one of the user, in one transaction. */
    async replaceForUser(row: typeof passwordResetTokens.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(links).where(eq(links.userId, row.userId));
        await tx.insert(links).values(row);
      });
    },

    /** The user of a link that is unused and not expired, or null. */
    async findUsable(tokenHash: string, now: Date): Promise<number | null> {
      const rows = await db
        .select({ userId: links.userId })
        .from(links)
        .where(usable(tokenHash, now))
        .limit(1);
      return rows[0]?.userId ?? null;
    },

    /** Marks the link used if it still is usable; returns its user only to the one caller that won. */
    async consume(tokenHash: string, now: Date): Promise<number | null> {
      const rows = await db
        .update(links)
        .set({ usedAt: now })
        .where(usable(tokenHash, now))
        .returning({ userId: links.userId });
      return rows[0]?.userId ?? null;
    },
  };
}

export type EmailLinksRepository = ReturnType<typeof createEmailLinksRepository>;
