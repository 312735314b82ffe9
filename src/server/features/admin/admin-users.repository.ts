import { and, count, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
type NewUser = typeof users.$inferInsert;

/** The admin area's own reads and writes of accounts (docs/decisions/026-…: no pass-through layers). */
export function createAdminUsersRepository(db: Database) {
  return {
    async findById(id: number): Promise<UserRow | null> {
      return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null;
    },

    /** Whether an administrator uses `username` (ignoring case). */
    async administratorNamed(username: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isAdmin, true), sql`lower(${users.username}) = lower(${username})`))
        .limit(1);
      return rows.length > 0;
    },

    async updatePasswordHash(id: number, passwordHash: string, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    },

    /**
     * Premium until `months` calendar months (UTC) after the later of now and the expiry, in one
     * statement so two grants at once both count. Null when there is no such user.
     */
    async extendSubscription(id: number, months: number, now: Date): Promise<UserRow | null> {
      const nowParam = sql`${now.toISOString()}::timestamptz`;
      const rows = await db
        .update(users)
        .set({
          subscriptionExpiryDate: sql`((greatest(coalesce(${users.subscriptionExpiryDate}, ${nowParam}), ${nowParam}) at time zone 'UTC') + make_interval(months => ${months}::int)) at time zone 'UTC'`,
          updatedAt: now,
        })
        .where(eq(users.id, id))
        .returning();
      return rows[0] ?? null;
    },

    /**
     * A page of accounts, newest first, and the total; with `search`, those whose username or email
     * contains it (ignoring case; % and _ match themselves).
     */
    async listForAdmin(options: {
      search: string | undefined;
      limit: number;
      offset: number;
    }): Promise<{ rows: UserRow[]; total: number }> {
      const { search, limit, offset } = options;
      // The id breaks ties between accounts created in the same instant, so pages never overlap.
      const newestFirst = [desc(users.createdAt), desc(users.id)];
      if (!search) {
        // One snapshot for both, so the total and the page agree while accounts come and go.
        return db.transaction(
          async (tx) => {
            const [counted] = await tx.select({ total: count() }).from(users);
            const rows = await tx
              .select()
              .from(users)
              .orderBy(...newestFirst)
              .limit(limit)
              .offset(offset);
            return { rows, total: counted?.total ?? 0 };
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
      }
      // One scan gives page and count (strpos on lowered text: cheapest, nothing to escape).
      const needle = search.toLowerCase();
      const matches = or(
        sql`strpos(lower(${users.username}), ${needle}) > 0`,
        sql`strpos(lower(${users.email}), ${needle}) > 0`,
      );
      const found = await db
        .select({ row: users, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(users)
        .where(matches)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset);
      if (found.length > 0) return { rows: found.map((f) => f.row), total: found[0]!.total };
      // A page past the last match has no row to carry the count.
      const [counted] = await db.select({ total: count() }).from(users).where(matches);
      return { rows: [], total: counted?.total ?? 0 };
    },

    /** Ends Premium now if it is active; null when the user has no active Premium (or none exists). */
    async endSubscriptionNow(id: number, now: Date): Promise<UserRow | null> {
      const rows = await db
        .update(users)
        .set({ subscriptionExpiryDate: now, subscriptionCancelAtPeriodEnd: false, updatedAt: now })
        .where(and(eq(users.id, id), gt(users.subscriptionExpiryDate, now)))
        .returning();
      return rows[0] ?? null;
    },

    /** Deletes a non-administrator (sessions, downloads and reset links go with it). */
    async deleteNonAdministrator(id: number): Promise<UserRow | null> {
      const rows = await db
        .delete(users)
        .where(and(eq(users.id, id), eq(users.isAdmin, false)))
        .returning();
      return rows[0] ?? null;
    },

    /** Ids of non-administrators with a Stripe subscription on record. */
    async listNonAdministratorStripeSubscribers(): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isAdmin, false), isNotNull(users.stripeSubscriptionId)));
      return rows.map((r) => r.id);
    },

    /** Replaces every non-administrator with `newUsers` in one transaction. */
    async replaceNonAdministrators(
      newUsers: NewUser[],
    ): Promise<{ deleted: number; rows: UserRow[] }> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(users)
          .where(eq(users.isAdmin, false))
          .returning({ id: users.id });
        const rows = newUsers.length > 0 ? await tx.insert(users).values(newUsers).returning() : [];
        return { deleted: deleted.length, rows };
      });
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
