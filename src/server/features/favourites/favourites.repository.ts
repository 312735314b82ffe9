import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { favourites } from '#server/db/schema/favourites.ts';
import { users } from '#server/db/schema/users.ts';

export type FavouriteRow = { logo: unknown; createdAt: Date };

type NewFavourite = { url: string; logo: unknown };

export function createFavouritesRepository(db: Database) {
  type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

  /**
   * Locks the user's row until the transaction ends, so adds for one account run one after the
   * other and the count read next is exact (two adds can never both take the last place).
   */
  async function lockUser(tx: Tx, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row !== undefined;
  }

  return {
    async list(userId: number): Promise<FavouriteRow[]> {
      return db
        .select({ logo: favourites.logo, createdAt: favourites.createdAt })
        .from(favourites)
        .where(eq(favourites.userId, userId))
        .orderBy(desc(favourites.createdAt), desc(favourites.id));
    },

    /**
     * Adds the logos the account does not keep yet, in one transaction, while it has room under
     * `limit`: `logos` newest first, the newest kept when not all fit. Running it twice adds nothing
     * the second time.
     */
    async addMany(input: {
      userId: number;
      logos: NewFavourite[];
      limit: number;
      now: Date;
    }): Promise<
      { outcome: 'no-user' } | { outcome: 'done'; added: number; skipped: number; count: number }
    > {
      const { userId, limit, now } = input;
      return db.transaction(async (tx) => {
        if (!(await lockUser(tx, userId))) return { outcome: 'no-user' as const };
        const seen = new Set<string>();
        const unique = input.logos.filter((logo) => !seen.has(logo.url) && seen.add(logo.url));
        const kept =
          unique.length === 0
            ? []
            : await tx
                .select({ url: favourites.logoUrl })
                .from(favourites)
                .where(
                  and(
                    eq(favourites.userId, userId),
                    inArray(
                      favourites.logoUrl,
                      unique.map((logo) => logo.url),
                    ),
                  ),
                );
        const keptUrls = new Set(kept.map((row) => row.url));
        const fresh = unique.filter((logo) => !keptUrls.has(logo.url));
        const before = await tx.$count(favourites, eq(favourites.userId, userId));
        const fitting = fresh.slice(0, Math.max(0, limit - before));
        if (fitting.length > 0) {
          // Oldest first, so the ids (the tie-break at one time) keep the list's order.
          await tx
            .insert(favourites)
            .values(
              fitting
                .toReversed()
                .map((logo) => ({ userId, logoUrl: logo.url, logo: logo.logo, createdAt: now })),
            )
            .onConflictDoNothing();
        }
        return {
          outcome: 'done' as const,
          added: fitting.length,
          skipped: fresh.length - fitting.length,
          count: before + fitting.length,
        };
      });
    },

    async remove(userId: number, url: string): Promise<{ removed: boolean; count: number }> {
      const deleted = await db
        .delete(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.logoUrl, url)))
        .returning({ id: favourites.id });
      const count = await db.$count(favourites, eq(favourites.userId, userId));
      return { removed: deleted.length > 0, count };
    },
  };
}

export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;
