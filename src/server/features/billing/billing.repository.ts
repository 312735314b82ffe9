import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { stripeEvents } from '#server/db/schema/billing.ts';
import { users } from '#server/db/schema/users.ts';

export type BillingUserRow = typeof users.$inferSelect;

/** What a Stripe fact does to the end of Premium. */
type ExpiryChange =
  /** Premium runs at least until `to` (never shortened: a code or grant beyond it is kept). */
  | { kind: 'extend'; to: Date }
  /** Premium ends at `at` unless it already ended earlier. */
  | { kind: 'end'; at: Date }
  | { kind: 'keep' };

export type StripeState = {
  status: string;
  cancelAtPeriodEnd: boolean;
  expiry: ExpiryChange;
  now: Date;
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

function expirySql(change: ExpiryChange) {
  switch (change.kind) {
    case 'extend':
      return sql`greatest(coalesce(${users.subscriptionExpiryDate}, ${at(change.to)}), ${at(change.to)})`;
    case 'end':
      return sql`least(coalesce(${users.subscriptionExpiryDate}, ${at(change.at)}), ${at(change.at)})`;
    case 'keep':
      return sql`${users.subscriptionExpiryDate}`;
  }
}

const stateColumns = (state: StripeState) => ({
  subscriptionStatus: state.status,
  subscriptionCancelAtPeriodEnd: state.cancelAtPeriodEnd,
  subscriptionExpiryDate: expirySql(state.expiry),
  updatedAt: state.now,
});

export function createBillingRepository(db: Database) {
  const findOne = async (where: SQL) =>
    (await db.select().from(users).where(where).limit(1))[0] ?? null;

  return {
    /** Records a webhook event id; false when it was recorded before (a replay). */
    async claimEvent(id: string, type: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(stripeEvents)
        .values({ id, type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return rows.length > 0;
    },

    /** Forgets an event whose handling failed, so Stripe's retry is handled. */
    async releaseEvent(id: string): Promise<void> {
      await db.delete(stripeEvents).where(eq(stripeEvents.id, id));
    },

    findUser: (id: number): Promise<BillingUserRow | null> => findOne(eq(users.id, id)),

    findUserBySubscription: (subscriptionId: string): Promise<BillingUserRow | null> =>
      findOne(eq(users.stripeSubscriptionId, subscriptionId)),

    async findUserByCustomer(customerId: string): Promise<BillingUserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(eq(users.stripeCustomerId, customerId))
        .limit(2);
      // A customer id shared by two users would be ambiguous: match neither.
      return rows.length === 1 ? rows[0]! : null;
    },

    /** Makes `subscriptionId` the user's subscription and applies its state, in one statement. */
    async linkSubscription(
      userId: number,
      link: { subscriptionId: string; customerId: string | null; startDate: Date },
      state: StripeState,
    ): Promise<BillingUserRow | null> {
      const rows = await db
        .update(users)
        .set({
          stripeSubscriptionId: link.subscriptionId,
          stripeCustomerId: sql`coalesce(${link.customerId}::text, ${users.stripeCustomerId})`,
          subscriptionStartDate: link.startDate,
          ...stateColumns(state),
        })
        .where(eq(users.id, userId))
        .returning();
      return rows[0] ?? null;
    },

    /** Applies a subscription's state to its user; null when theirs is another one by now. */
    async updateLinkedSubscription(
      userId: number,
      subscriptionId: string,
      state: StripeState,
    ): Promise<BillingUserRow | null> {
      const rows = await db
        .update(users)
        .set(stateColumns(state))
        .where(and(eq(users.id, userId), eq(users.stripeSubscriptionId, subscriptionId)))
        .returning();
      return rows[0] ?? null;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
