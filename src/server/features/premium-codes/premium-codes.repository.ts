import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { premiumCodes } from '#server/db/schema/billing.ts';
import { users } from '#server/db/schema/users.ts';

export type PremiumCodeRow = typeof premiumCodes.$inferSelect;
type NewPremiumCode = typeof premiumCodes.$inferInsert;
type PremiumCodeListRow = PremiumCodeRow & { redeemedByUsername: string | null };

export type UserRow = typeof users.$inferSelect;

type RedeemResult =
  | { outcome: 'redeemed'; code: PremiumCodeRow; expiry: Date }
  | { outcome: 'cannot-extend' }
  | { outcome: 'not-redeemable' }
  | { outcome: 'no-user' };

const DAY_MS = 24 * 60 * 60 * 1000;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: string }).code === '23505' || /duplicate key|unique/i.test(e.message))
      return true;
  }
  return false;
}

/** A timestamp parameter: the injected clock's time, never the database's own now(). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** An active code: not redeemed, not invalidated, not expired. */
const redeemable = (now: Date) =>
  and(
    isNull(premiumCodes.redeemedBy),
    // A deleted redeemer clears redeemedBy; the code stays used all the same.
    isNull(premiumCodes.redeemedAt),
    isNull(premiumCodes.invalidatedAt),
    gt(premiumCodes.expiresAt, at(now)),
  );

export function createPremiumCodesRepository(db: Database) {
  const findOne = async (where: SQL): Promise<PremiumCodeRow | null> =>
    (await db.select().from(premiumCodes).where(where).limit(1))[0] ?? null;

  return {
    /** Inserts the code; null when the code text is already taken (the caller draws another). */
    async insert(code: NewPremiumCode): Promise<PremiumCodeRow | null> {
      try {
        const rows = await db.insert(premiumCodes).values(code).returning();
        return rows[0]!;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** Newest first, with the redeeming user's name. */
    async list(limit: number): Promise<PremiumCodeListRow[]> {
      const rows = await db
        .select({ code: premiumCodes, redeemedByUsername: users.username })
        .from(premiumCodes)
        .leftJoin(users, eq(users.id, premiumCodes.redeemedBy))
        .orderBy(desc(premiumCodes.createdAt), desc(premiumCodes.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.code, redeemedByUsername: r.redeemedByUsername }));
    },

    findById: (id: number) => findOne(eq(premiumCodes.id, id)),

    findByCode: (code: string) => findOne(eq(premiumCodes.code, code)),

    /** Invalidates an active code (null otherwise). */
    async invalidateIfActive(id: number, now: Date): Promise<PremiumCodeRow | null> {
      const rows = await db
        .update(premiumCodes)
        .set({ invalidatedAt: now })
        .where(and(eq(premiumCodes.id, id), redeemable(now)))
        .returning();
      return rows[0] ?? null;
    },

    /** The codes the user redeemed, oldest first (the data export). */
    async redeemedBy(userId: number): Promise<PremiumCodeRow[]> {
      return db
        .select()
        .from(premiumCodes)
        .where(eq(premiumCodes.redeemedBy, userId))
        .orderBy(asc(premiumCodes.redeemedAt), asc(premiumCodes.id));
    },

    /**
     * Redeems in one transaction: the user row is locked, `canRedeem` looks at it (a refusal leaves
     * the code unused), one conditional UPDATE claims the code (the WHERE is re-checked on the
     * latest row version: exactly one concurrent claim matches), then the code's days are added to
     * the later of now and the current end of Premium (codes stack).
     */
    async redeem(
      code: string,
      userId: number,
      now: Date,
      canRedeem: (user: UserRow) => boolean,
    ): Promise<RedeemResult> {
      return db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) return { outcome: 'no-user' as const };
        if (!canRedeem(user)) return { outcome: 'cannot-extend' as const };
        const [claimed] = await tx
          .update(premiumCodes)
          .set({ redeemedBy: userId, redeemedAt: now })
          .where(and(eq(premiumCodes.code, code), redeemable(now)))
          .returning();
        if (!claimed) return { outcome: 'not-redeemable' as const };
        const current = user.subscriptionExpiryDate;
        const from = current && current.getTime() > now.getTime() ? current : now;
        const expiry = new Date(from.getTime() + claimed.durationDays * DAY_MS);
        await tx
          .update(users)
          .set({ subscriptionExpiryDate: expiry, updatedAt: now })
          .where(eq(users.id, userId));
        return { outcome: 'redeemed' as const, code: claimed, expiry };
      });
    },
  };
}

export type PremiumCodesRepository = ReturnType<typeof createPremiumCodesRepository>;
