import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';

export type NewUser = typeof users.$inferInsert;

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
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
