import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { passwordResetTokens } from '#server/db/schema/accounts.ts';

export function createPasswordResetsRepository(db: Database) {
  return {
    /** Stores a new token and invalidates every earlier one of the user, in one transaction. */
    async replaceForUser(row: typeof passwordResetTokens.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, row.userId));
        await tx.insert(passwordResetTokens).values(row);
      });
    },

    /** The user of a token that is unused and not expired, or null. */
    async findUsable(tokenHash: string, now: Date): Promise<number | null> {
      const rows = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return rows[0]?.userId ?? null;
    },

    /** Marks the token used if it still is usable; returns its user only to the one caller that won. */
    async consume(tokenHash: string, now: Date): Promise<number | null> {
      const rows = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return rows[0]?.userId ?? null;
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
