import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { downloads, guestQuotas } from '#server/db/schema/downloads.ts';
import { users } from '#server/db/schema/users.ts';
import type { FileType } from '#shared/search/search.schemas.ts';
import { isPeriodActive, isPremium } from './download-period.ts';

export type DownloadKind = 'single' | 'batch' | 'consolidated';
export type LogoRecord = { logoUrl: string; logoTitle: string; fileType: FileType | null };
export type HistoryRow = LogoRecord & { id: number; downloadedAt: Date };

/** The user's allowance as stored (the count means nothing once the period has ended). */
export type UserAllowance = {
  downloadCount: number;
  downloadPeriodStart: Date | null;
  subscriptionExpiryDate: Date | null;
};

export type UserTrackResult =
  | { outcome: 'recorded'; counted: boolean; allowance: UserAllowance }
  | { outcome: 'limit'; allowance: UserAllowance }
  | { outcome: 'no-user' };

export type GuestTrackResult =
  | { outcome: 'recorded'; counted: boolean; downloadCount: number }
  | { outcome: 'limit'; downloadCount: number };

/** A timestamp parameter: the injected clock's time, never the database's own now(). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

// Calendar-month arithmetic in UTC, whatever the session's TimeZone (download-period.ts agrees).
const periodEnd = sql`((${users.downloadPeriodStart} at time zone 'UTC') + interval '1 month') at time zone 'UTC'`;

const allowanceColumns = {
  downloadCount: users.downloadCount,
  downloadPeriodStart: users.downloadPeriodStart,
  subscriptionExpiryDate: users.subscriptionExpiryDate,
};

export function createDownloadsRepository(db: Database) {
  return {
    /**
     * Records one download by a user if the allowance permits it, in one transaction: the user's row
     * is locked (so "already downloaded in this period" is exact under concurrency), then a single
     * conditional UPDATE checks and uses up the allowance, and the history row is written with it.
     * Premium (an expiry in the future at `now`) is never limited and uses up nothing.
     */
    async trackForUser(input: {
      userId: number;
      logo: LogoRecord;
      now: Date;
      limit: number;
    }): Promise<UserTrackResult> {
      const { userId, logo, now, limit } = input;
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select(allowanceColumns)
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!locked) return { outcome: 'no-user' as const };

        const premium = isPremium(locked.subscriptionExpiryDate, now);
        const inPeriod = isPeriodActive(locked.downloadPeriodStart, now);
        if (!premium && inPeriod) {
          const earlier = await tx
            .select({ id: downloads.id })
            .from(downloads)
            .where(
              and(
                eq(downloads.userId, userId),
                eq(downloads.logoUrl, logo.logoUrl),
                sql`${downloads.downloadedAt} >= ${at(locked.downloadPeriodStart!)}`,
              ),
            )
            .limit(1);
          if (earlier.length > 0) {
            await tx
              .insert(downloads)
              .values({ ...logo, userId, counted: false, downloadedAt: now });
            return { outcome: 'recorded' as const, counted: false, allowance: locked };
          }
        }

        const isPremiumSql = sql`coalesce(${users.subscriptionExpiryDate} > ${at(now)}, false)`;
        const periodOver = sql`(${users.downloadPeriodStart} is null or ${periodEnd} <= ${at(now)})`;
        // PostgreSQL re-checks the WHERE on the latest row version, so even without the lock
        // above two requests could never both take the last download.
        const [updated] = await tx
          .update(users)
          .set({
            downloadCount: sql`case when ${isPremiumSql} then ${users.downloadCount} when ${periodOver} then 1 else ${users.downloadCount} + 1 end`,
            downloadPeriodStart: sql`case when ${isPremiumSql} then ${users.downloadPeriodStart} when ${periodOver} then ${at(now)} else ${users.downloadPeriodStart} end`,
          })
          .where(
            and(
              eq(users.id, userId),
              sql`(${isPremiumSql} or ${periodOver} or ${users.downloadCount} < ${limit})`,
            ),
          )
          .returning(allowanceColumns);
        if (!updated) return { outcome: 'limit' as const, allowance: locked };
        await tx
          .insert(downloads)
          .values({ ...logo, userId, counted: !premium, downloadedAt: now });
        return { outcome: 'recorded' as const, counted: true, allowance: updated };
      });
    },

    /**
     * The same for a guest session (identified by the hash of its cookie id). The quota row is
     * created if needed and locked; the increment is conditional on the limit.
     */
    async trackForGuest(input: {
      keyHash: string;
      logo: LogoRecord;
      now: Date;
      limit: number;
      lifetimeMs: number;
    }): Promise<GuestTrackResult> {
      const { keyHash, logo, now, limit, lifetimeMs } = input;
      return db.transaction(async (tx) => {
        // A cookie outliving its server row starts afresh (its old download rows go with the row).
        await tx
          .delete(guestQuotas)
          .where(and(eq(guestQuotas.keyHash, keyHash), lte(guestQuotas.expiresAt, now)));
        await tx
          .insert(guestQuotas)
          .values({
            keyHash,
            downloadCount: 0,
            createdAt: now,
            expiresAt: new Date(now.getTime() + lifetimeMs),
          })
          .onConflictDoNothing();
        const [locked] = await tx
          .select({ downloadCount: guestQuotas.downloadCount })
          .from(guestQuotas)
          .where(eq(guestQuotas.keyHash, keyHash))
          .for('update');
        const before = locked?.downloadCount ?? 0;

        const earlier = await tx
          .select({ id: downloads.id })
          .from(downloads)
          .where(and(eq(downloads.guestKeyHash, keyHash), eq(downloads.logoUrl, logo.logoUrl)))
          .limit(1);
        if (earlier.length > 0) {
          await tx
            .insert(downloads)
            .values({ ...logo, guestKeyHash: keyHash, counted: false, downloadedAt: now });
          return { outcome: 'recorded' as const, counted: false, downloadCount: before };
        }

        const [updated] = await tx
          .update(guestQuotas)
          .set({ downloadCount: sql`${guestQuotas.downloadCount} + 1` })
          .where(
            and(eq(guestQuotas.keyHash, keyHash), sql`${guestQuotas.downloadCount} < ${limit}`),
          )
          .returning({ downloadCount: guestQuotas.downloadCount });
        if (!updated) return { outcome: 'limit' as const, downloadCount: before };
        await tx
          .insert(downloads)
          .values({ ...logo, guestKeyHash: keyHash, counted: true, downloadedAt: now });
        return {
          outcome: 'recorded' as const,
          counted: true,
          downloadCount: updated.downloadCount,
        };
      });
    },

    /**
     * Writes one history row per logo of a batch, if the user is Premium at `now` (checked on the
     * row read in the same transaction). Batches never use up the free allowance.
     */
    async recordBatch(input: {
      userId: number;
      logos: LogoRecord[];
      kind: DownloadKind;
      now: Date;
    }): Promise<{ premium: boolean; recorded: number; allowance: UserAllowance } | null> {
      const { userId, logos, kind, now } = input;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select(allowanceColumns)
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!row) return null;
        if (!isPremium(row.subscriptionExpiryDate, now)) {
          return { premium: false, recorded: 0, allowance: row };
        }
        const inserted = await tx
          .insert(downloads)
          .values(
            logos.map((logo) => ({ ...logo, userId, kind, counted: false, downloadedAt: now })),
          )
          .returning({ id: downloads.id });
        return { premium: true, recorded: inserted.length, allowance: row };
      });
    },

    async findAllowance(userId: number): Promise<UserAllowance | null> {
      const rows = await db
        .select(allowanceColumns)
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Whether the user downloaded this logo at or after `since`. */
    async userDownloadedSince(userId: number, logoUrl: string, since: Date): Promise<boolean> {
      const rows = await db
        .select({ id: downloads.id })
        .from(downloads)
        .where(
          and(
            eq(downloads.userId, userId),
            eq(downloads.logoUrl, logoUrl),
            sql`${downloads.downloadedAt} >= ${at(since)}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The guest's count, or null when the session has no live row (never creates one). */
    async findGuestCount(keyHash: string, now: Date): Promise<number | null> {
      const rows = await db
        .select({ downloadCount: guestQuotas.downloadCount })
        .from(guestQuotas)
        .where(and(eq(guestQuotas.keyHash, keyHash), gt(guestQuotas.expiresAt, now)))
        .limit(1);
      return rows[0]?.downloadCount ?? null;
    },

    async guestDownloaded(keyHash: string, logoUrl: string): Promise<boolean> {
      const rows = await db
        .select({ id: downloads.id })
        .from(downloads)
        .where(and(eq(downloads.guestKeyHash, keyHash), eq(downloads.logoUrl, logoUrl)))
        .limit(1);
      return rows.length > 0;
    },

    /** Removes expired guest sessions (and, by cascade, their download rows). */
    async deleteExpiredGuests(now: Date): Promise<number> {
      const rows = await db
        .delete(guestQuotas)
        .where(lte(guestQuotas.expiresAt, now))
        .returning({ keyHash: guestQuotas.keyHash });
      return rows.length;
    },

    /** The user's downloads, newest first. */
    async history(userId: number, limit: number): Promise<HistoryRow[]> {
      const rows = await db
        .select({
          id: downloads.id,
          logoUrl: downloads.logoUrl,
          logoTitle: downloads.logoTitle,
          fileType: downloads.fileType,
          downloadedAt: downloads.downloadedAt,
        })
        .from(downloads)
        .where(eq(downloads.userId, userId))
        .orderBy(desc(downloads.downloadedAt), desc(downloads.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, fileType: r.fileType as FileType | null }));
    },
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
