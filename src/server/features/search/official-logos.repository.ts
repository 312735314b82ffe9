import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { officialLogos } from '#server/db/schema/search.ts';

export type OfficialLogosRow = {
  name: string;
  /** JSON as stored; the reader checks it (an older version may have written it). */
  logos: unknown;
  fetchedAt: Date;
  expiresAt: Date;
};

export function createOfficialLogosRepository(db: Database) {
  return {
    async find(name: string): Promise<OfficialLogosRow | null> {
      const rows = await db
        .select()
        .from(officialLogos)
        .where(eq(officialLogos.name, name))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Stores `row` unless the name holds a newer answer already (a slower refresh elsewhere). */
    async save(row: OfficialLogosRow): Promise<void> {
      await db
        .insert(officialLogos)
        .values(row)
        .onConflictDoUpdate({
          target: officialLogos.name,
          set: { logos: row.logos, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt },
          setWhere: sql`${officialLogos.fetchedAt} <= ${row.fetchedAt.toISOString()}::timestamptz`,
        });
    },

    /** Deletes expired rows, then the soonest-expiring beyond `maxRows`: the table stays bounded. */
    async sweep(now: Date, maxRows: number): Promise<void> {
      await db.delete(officialLogos).where(lte(officialLogos.expiresAt, now));
      const beyond = db
        .select({ name: officialLogos.name })
        .from(officialLogos)
        .orderBy(sql`${officialLogos.expiresAt} desc`)
        .offset(maxRows);
      await db.delete(officialLogos).where(inArray(officialLogos.name, beyond));
    },
  };
}

export type OfficialLogosRepository = ReturnType<typeof createOfficialLogosRepository>;
