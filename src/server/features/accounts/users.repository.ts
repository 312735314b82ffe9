import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';

export type NewUser = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;

/** Which unique index a write ran into, so the service can say which value is taken. */
type UniqueConflict = 'username' | 'email' | null;

function uniqueConflict(error: unknown): UniqueConflict {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    const text = `${constraint ?? ''} ${e.message}`;
    if (code === '23505' || /duplicate key|unique/i.test(e.message)) {
      if (text.includes('users_username_lower_idx')) return 'username';
      if (text.includes('users_email_lower_idx')) return 'email';
    }
  }
  return null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: string }).code === '23505' || /duplicate key|unique/i.test(e.message))
      return true;
  }
  return false;
}

const lowerEquals = (column: typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = lower(${value})`;

export function createUsersRepository(db: Database) {
  return {
    async hasAdministrator(): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.isAdmin, true))
        .limit(1);
      return rows.length > 0;
    },

    /** Inserts the user unless the username or email is taken; returns the new id or null. */
    async insertIfAbsent(user: NewUser): Promise<number | null> {
      const rows = await db
        .insert(users)
        .values(user)
        .onConflictDoNothing()
        .returning({ id: users.id });
      return rows[0]?.id ?? null;
    },

    /** Inserts the user; on a taken username or email reports which one instead. */
    async insert(user: NewUser): Promise<{ row: UserRow } | { conflict: 'username' | 'email' }> {
      try {
        const rows = await db.insert(users).values(user).returning();
        return { row: rows[0]! };
      } catch (error) {
        const conflict = uniqueConflict(error);
        if (conflict) return { conflict };
        throw error;
      }
    },

    async findById(id: number): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** By username or email, ignoring case. */
    async findByLogin(login: string): Promise<UserRow | null> {
      const rows = await db
        .select()
        .from(users)
        .where(or(lowerEquals(users.username, login), lowerEquals(users.email, login)))
        .limit(2);
      // A username that equals someone else's email: the username wins.
      return rows.find((r) => r.username.toLowerCase() === login.toLowerCase()) ?? rows[0] ?? null;
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(lowerEquals(users.email, email)).limit(1);
      return rows[0] ?? null;
    },

    async findByGoogleSub(sub: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Links a Google account to the user unless one is linked already; returns the row or null.
     * Google vouched for the address, so it counts as verified from now on.
     */
    async linkGoogleSub(id: number, sub: string, now: Date): Promise<UserRow | null> {
      try {
        const rows = await db
          .update(users)
          .set({
            googleSub: sub,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          })
          .where(and(eq(users.id, id), isNull(users.googleSub)))
          .returning();
        return rows[0] ?? null;
      } catch (error) {
        // The same Google account linked to another user at the same moment.
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** Records that the person proved they own the account's email (kept if already set). */
    async markEmailVerified(id: number, now: Date): Promise<UserRow | null> {
      const rows = await db
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, id))
        .returning();
      return rows[0] ?? null;
    },

    async usernameTaken(username: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(lowerEquals(users.username, username))
        .limit(1);
      return rows.length > 0 && rows[0]!.id !== exceptId;
    },

    async emailTaken(email: string): Promise<boolean> {
      return (await this.findByEmail(email)) !== null;
    },

    async updateUsername(
      id: number,
      username: string,
      now: Date,
    ): Promise<{ row: UserRow } | { conflict: 'username' | 'email' }> {
      try {
        const rows = await db
          .update(users)
          .set({ username, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        return { row: rows[0]! };
      } catch (error) {
        const conflict = uniqueConflict(error);
        if (conflict) return { conflict };
        throw error;
      }
    },

    async updatePasswordHash(id: number, passwordHash: string, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    },

    /**
     * Replaces a hash made with an older scheme by one of the same password. Only while the old
     * one is still stored: a password changed in the meantime is never overwritten.
     */
    async upgradePasswordHash(id: number, previous: string, next: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash: next })
        .where(and(eq(users.id, id), eq(users.passwordHash, previous)));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
