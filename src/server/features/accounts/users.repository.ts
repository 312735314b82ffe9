import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';

export type NewUser = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;

/** Which unique index a write hit ('other': another one), so the service names the taken value. */
function uniqueConflict(error: unknown): 'username' | 'email' | 'other' | null {
  let unique = false;
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code !== '23505' && !/duplicate key|unique/i.test(e.message)) continue;
    unique = true;
    const text = `${constraint ?? ''} ${e.message}`;
    if (text.includes('users_username_lower_idx')) return 'username';
    if (text.includes('users_email_lower_idx')) return 'email';
  }
  return unique ? 'other' : null;
}

type WriteResult = { row: UserRow } | { conflict: 'username' | 'email' };

/** The written row, or which of username and email is taken. */
async function orConflict(write: Promise<UserRow[]>): Promise<WriteResult> {
  try {
    return { row: (await write)[0]! };
  } catch (error) {
    const conflict = uniqueConflict(error);
    if (conflict === 'username' || conflict === 'email') return { conflict };
    throw error;
  }
}

/** Kept if already set. */
const verifiedAt = (now: Date) =>
  sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`;

const lowerEquals = (column: typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = lower(${value})`;

export function createUsersRepository(db: Database) {
  const findOne = async (where: SQL): Promise<UserRow | null> =>
    (await db.select().from(users).where(where).limit(1))[0] ?? null;

  return {
    async hasAdministrator(): Promise<boolean> {
      return (await db.$count(users, eq(users.isAdmin, true))) > 0;
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
    async insert(user: NewUser): Promise<WriteResult> {
      return orConflict(db.insert(users).values(user).returning());
    },

    findById: (id: number) => findOne(eq(users.id, id)),

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

    findByEmail: (email: string) => findOne(lowerEquals(users.email, email)),

    findByGoogleSub: (sub: string) => findOne(eq(users.googleSub, sub)),

    /** Links a Google account unless one is linked (null then); Google vouched for the address. */
    async linkGoogleSub(id: number, sub: string, now: Date): Promise<UserRow | null> {
      try {
        const rows = await db
          .update(users)
          .set({ googleSub: sub, emailVerifiedAt: verifiedAt(now), updatedAt: now })
          .where(and(eq(users.id, id), isNull(users.googleSub)))
          .returning();
        return rows[0] ?? null;
      } catch (error) {
        // The same Google account linked to another user at the same moment.
        if (uniqueConflict(error)) return null;
        throw error;
      }
    },

    /** Records that the person proved they own the account's email (kept if already set). */
    async markEmailVerified(id: number, now: Date): Promise<UserRow | null> {
      const rows = await db
        .update(users)
        .set({ emailVerifiedAt: verifiedAt(now), updatedAt: now })
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
      return (await findOne(lowerEquals(users.email, email))) !== null;
    },

    async updateUsername(id: number, username: string, now: Date): Promise<WriteResult> {
      const update = db.update(users).set({ username, updatedAt: now }).where(eq(users.id, id));
      return orConflict(update.returning());
    },

    async updatePasswordHash(id: number, passwordHash: string, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    },

    /** The confirmed new email, verified now (the link reached it); reports a taken address. */
    async updateEmail(id: number, email: string, now: Date): Promise<WriteResult> {
      const update = db
        .update(users)
        .set({ email, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, id));
      return orConflict(update.returning());
    },

    /**
     * Deletes a non-administrator's own account; sessions, download history and emailed links go
     * with it (foreign keys cascade), redeemed codes keep their row without the user.
     */
    async deleteNonAdministrator(id: number): Promise<boolean> {
      const rows = await db
        .delete(users)
        .where(and(eq(users.id, id), eq(users.isAdmin, false)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Rehashes an older scheme's hash, only while still stored (a changed password stays). */
    async upgradePasswordHash(id: number, previous: string, next: string): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash: next })
        .where(and(eq(users.id, id), eq(users.passwordHash, previous)));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
