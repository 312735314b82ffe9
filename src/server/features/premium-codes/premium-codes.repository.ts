import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { premiumCodes } from '#server/db/schema/billing.ts';
import { users } from '#server/db/schema/users.ts';

export type PremiumCodeRow = typeof premiumCodes.$inferSelect;
type NewPremiumCode = typeof premiumCodes.$inferInsert;
type PremiumCodeListRow = PremiumCodeRow & { redeemedByUsername: string | null };

type RedeemResult =
  | { outcome: 'redeemed'; code: PremiumCodeRow; expiry: Date; extended: boolean }
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
     * Redeems in one transaction: the user row is locked, one conditional UPDATE claims the code
     * (the WHERE is re-checked on the latest row version: exactly one concurrent claim matches),
     * then Premium runs to now + the code's days if that is later than the current expiry.
     */
    async redeem(code: string, userId: number, now: Date): Promise<RedeemResult> {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ expiry: users.subscriptionExpiryDate })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) return { outcome: 'no-user' as const };
        const [claimed] = await tx
          .update(premiumCodes)
          .set({ redeemedBy: userId, redeemedAt: now })
          .where(and(eq(premiumCodes.code, code), redeemable(now)))
          .returning();
        if (!claimed) return { outcome: 'not-redeemable' as const };
        const candidate = new Date(now.getTime() + claimed.durationDays * DAY_MS);
        const current = user.expiry;
        const extended = current === null || candidate.getTime() > current.getTime();
        if (extended) {
          await tx
            .update(users)
            .set({ subscriptionExpiryDate: candidate, updatedAt: now })
            .where(eq(users.id, userId));
        }
        return {
          outcome: 'redeemed' as const,
          code: claimed,
          expiry: extended ? candidate : current,
          extended,
        };
      });
    },
  };
}

export type PremiumCodesRepository = ReturnType<typeof createPremiumCodesRepository>;
