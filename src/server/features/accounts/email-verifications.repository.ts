import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { emailVerificationTokens } from '#server/db/schema/accounts.ts';

export function createEmailVerificationsRepository(db: Database) {
  return {
    /** Stores a new link and invalidates every earlier one of the user, in one transaction. */
    async replaceForUser(row: typeof emailVerificationTokens.$inferInsert): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(emailVerificationTokens)
          .where(eq(emailVerificationTokens.userId, row.userId));
        await tx.insert(emailVerificationTokens).values(row);
      });
    },

    /** Marks the token used if it still is usable; returns its user only to the one caller that won. */
    async consume(tokenHash: string, now: Date): Promise<number | null> {
      const rows = await db
        .update(emailVerificationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, tokenHash),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, now),
          ),
        )
        .returning({ userId: emailVerificationTokens.userId });
      return rows[0]?.userId ?? null;
    },
  };
}

export type EmailVerificationsRepository = ReturnType<typeof createEmailVerificationsRepository>;
