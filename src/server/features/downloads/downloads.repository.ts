import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { downloads, guestQuotas } from '#server/db/schema/downloads.ts';
import { loginFailures } from '#server/db/schema/accounts.ts';
import { users } from '#server/db/schema/users.ts';
import type { FileType } from '#shared/search/search.schemas.ts';
import { isPremium } from '#shared/billing/plans.ts';
import { isCurrentPeriod } from './download-period.ts';

type DownloadKind = 'single' | 'batch' | 'consolidated';
export type LogoRecord = { logoUrl: string; logoTitle: string; fileType: FileType | null };
export type HistoryRow = LogoRecord & { id: number; downloadedAt: Date };

/** The user's allowance as stored (the count means nothing once the period has ended). */
export type UserAllowance = {
  downloadCount: number;
  downloadPeriodStart: Date | null;
  subscriptionExpiryDate: Date | null;
};

type UserTrackResult =
  | { outcome: 'recorded'; counted: boolean; allowance: UserAllowance }
  | { outcome: 'limit'; allowance: UserAllowance }
  | { outcome: 'no-user' };

type GuestTrackResult =
  | { outcome: 'recorded'; counted: boolean; downloadCount: number }
  | { outcome: 'limit'; downloadCount: number }
  /** The guest's address used up its ceiling across guest sessions. */
  | { outcome: 'address-limit'; downloadCount: number };

/** The ceiling shared by every guest session from one address (cookie-less requests included). */
type AddressCeiling = { key: string; limit: number; windowMs: number };

/** A timestamp parameter: the injected clock's time, never the database's own now(). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

// Calendar-month arithmetic in UTC, whatever the session's TimeZone (download-period.ts agrees).
const periodEnd = sql`((${users.downloadPeriodStart} at time zone 'UTC') + interval '1 month') at time zone 'UTC'`;

/** Whether the user's period is over at `now` (download-period.ts `isCurrentPeriod`, negated). */
const periodOverAt = (now: Date) =>
  sql`(${users.downloadPeriodStart} is null or ${periodEnd} <= ${at(now)} or (${users.subscriptionExpiryDate} <= ${at(now)} and ${users.subscriptionExpiryDate} > ${users.downloadPeriodStart}))`;

const downloadedSince = (since: Date) => sql`${downloads.downloadedAt} >= ${at(since)}`;
const guestDownload = (keyHash: string, logoUrl: string) =>
  and(eq(downloads.guestKeyHash, keyHash), eq(downloads.logoUrl, logoUrl));

const allowanceColumns = {
  downloadCount: users.downloadCount,
  downloadPeriodStart: users.downloadPeriodStart,
  subscriptionExpiryDate: users.subscriptionExpiryDate,
};

/** A re-download replaces the logo's history row (one per owner and logo) with the latest one. */
const latestDownload = {
  logoTitle: sql`excluded.logo_title`,
  fileType: sql`excluded.file_type`,
  kind: sql`excluded.kind`,
  counted: sql`excluded.counted`,
  downloadedAt: sql`excluded.downloaded_at`,
};

export function createDownloadsRepository(db: Database) {
  type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

  /** The user's allowance, its row locked until the transaction ends; undefined when deleted. */
  async function lockAllowance(tx: Tx, userId: number) {
    const [row] = await tx
      .select(allowanceColumns)
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row;
  }

  /** Writes the user's history rows, replacing each logo's earlier one. */
  function recordForUser(tx: Tx, rows: Array<typeof downloads.$inferInsert>) {
    return tx
      .insert(downloads)
      .values(rows)
      .onConflictDoUpdate({ target: [downloads.userId, downloads.logoUrl], set: latestDownload })
      .returning({ id: downloads.id });
  }

  /** How many of `urls` the user downloaded at or after `since` (each url once). */
  async function countDownloadedSince(tx: Tx, userId: number, urls: string[], since: Date | null) {
    if (since === null || urls.length === 0) return 0;
    return tx.$count(
      downloads,
      and(eq(downloads.userId, userId), inArray(downloads.logoUrl, urls), downloadedSince(since)),
    );
  }

  /**
   * Counts `added` downloads at `now`; a period that is over restarts at `now`. With `limit`, only
   * while the count is below it (Premium excepted).
   */
  async function countDownloads(
    tx: Tx,
    input: { userId: number; now: Date; added: number; limit?: number },
  ) {
    const { userId, now, added, limit } = input;
    const periodOver = periodOverAt(now);
    const premium = sql`coalesce(${users.subscriptionExpiryDate} > ${at(now)}, false)`;
    // The WHERE is re-checked on the latest row version: two requests never both take the last one.
    const [updated] = await tx
      .update(users)
      .set({
        downloadCount: sql`case when ${periodOver} then ${added} else ${users.downloadCount} + ${added} end`,
        downloadPeriodStart: sql`case when ${periodOver} then ${at(now)} else ${users.downloadPeriodStart} end`,
      })
      .where(
        and(
          eq(users.id, userId),
          limit === undefined
            ? undefined
            : sql`(${premium} or ${periodOver} or ${users.downloadCount} < ${limit})`,
        ),
      )
      .returning(allowanceColumns);
    return updated;
  }

  return {
    /**
     * Records one download if the allowance permits. The locked user row makes "already downloaded
     * this period" exact under concurrency; Premium is counted, never limited.
     */
    async trackForUser(input: {
      userId: number;
      logo: LogoRecord;
      now: Date;
      limit: number;
    }): Promise<UserTrackResult> {
      const { userId, logo, now, limit } = input;
      return db.transaction(async (tx) => {
        const locked = await lockAllowance(tx, userId);
        if (!locked) return { outcome: 'no-user' as const };

        const premium = isPremium(locked, now);
        const since = isCurrentPeriod(locked, now) ? locked.downloadPeriodStart : null;
        const again = (await countDownloadedSince(tx, userId, [logo.logoUrl], since)) > 0;
        const updated = again ? locked : await countDownloads(tx, { userId, now, added: 1, limit });
        if (!updated) return { outcome: 'limit' as const, allowance: locked };
        const counted = !again && !premium;
        await recordForUser(tx, [{ ...logo, userId, kind: 'single', counted, downloadedAt: now }]);
        return { outcome: 'recorded' as const, counted: !again, allowance: updated };
      });
    },

    /**
     * The same for a guest session (its cookie id's hash): the quota row is created and locked,
     * then a new logo counts against the session's limit and, in one conditional upsert, the
     * address's ceiling across sessions (concurrent cookie-less requests can never pass it).
     */
    async trackForGuest(input: {
      keyHash: string;
      logo: LogoRecord;
      now: Date;
      limit: number;
      lifetimeMs: number;
      address: AddressCeiling;
    }): Promise<GuestTrackResult> {
      const { keyHash, logo, now, limit, lifetimeMs, address } = input;
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
        const record = (counted: boolean) =>
          tx
            .insert(downloads)
            .values({ ...logo, guestKeyHash: keyHash, counted, downloadedAt: now })
            .onConflictDoUpdate({
              target: [downloads.guestKeyHash, downloads.logoUrl],
              set: latestDownload,
            });

        if ((await tx.$count(downloads, guestDownload(keyHash, logo.logoUrl))) > 0) {
          await record(false);
          return { outcome: 'recorded' as const, counted: false, downloadCount: before };
        }
        // The session's row is locked, so `before` is exact.
        if (before >= limit) return { outcome: 'limit' as const, downloadCount: before };

        const windowEndsAt = new Date(now.getTime() + address.windowMs);
        const windowOver = sql`${loginFailures.windowEndsAt} <= ${at(now)}`;
        const [counter] = await tx
          .insert(loginFailures)
          .values({ key: address.key, count: 1, windowEndsAt, lastAt: now })
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: {
              count: sql`case when ${windowOver} then 1 else ${loginFailures.count} + 1 end`,
              windowEndsAt: sql`case when ${windowOver} then ${at(windowEndsAt)} else ${loginFailures.windowEndsAt} end`,
              lastAt: at(now),
            },
            // The update (and so the download) happens only below the ceiling.
            setWhere: sql`${windowOver} or ${loginFailures.count} < ${address.limit}`,
          })
          .returning({ count: loginFailures.count });
        if (!counter) return { outcome: 'address-limit' as const, downloadCount: before };

        const [updated] = await tx
          .update(guestQuotas)
          .set({ downloadCount: sql`${guestQuotas.downloadCount} + 1` })
          .where(eq(guestQuotas.keyHash, keyHash))
          .returning({ downloadCount: guestQuotas.downloadCount });
        await record(true);
        return {
          outcome: 'recorded' as const,
          counted: true,
          downloadCount: updated?.downloadCount ?? before + 1,
        };
      });
    },

    /**
     * Records a batch if the user is Premium at `now` (on the row read in this transaction): one
     * history row per logo, upserted; logos new in the period are counted (Premium has no limit).
     */
    async recordBatch(input: {
      userId: number;
      logos: LogoRecord[];
      kind: DownloadKind;
      now: Date;
    }): Promise<{ premium: boolean; recorded: number; allowance: UserAllowance } | null> {
      const { userId, kind, now } = input;
      // One row per logo: a logo listed twice is recorded once (an upsert may not touch a row twice).
      const logos = [...new Map(input.logos.map((logo) => [logo.logoUrl, logo])).values()];
      return db.transaction(async (tx) => {
        const row = await lockAllowance(tx, userId);
        if (!row) return null;
        if (!isPremium(row, now)) {
          return { premium: false, recorded: 0, allowance: row };
        }
        const urls = logos.map((logo) => logo.logoUrl);
        const since = isCurrentPeriod(row, now) ? row.downloadPeriodStart : null;
        const added = logos.length - (await countDownloadedSince(tx, userId, urls, since));
        const updated = added > 0 ? await countDownloads(tx, { userId, now, added }) : row;
        const written = await recordForUser(
          tx,
          logos.map((logo) => ({ ...logo, userId, kind, counted: false, downloadedAt: now })),
        );
        return { premium: true, recorded: written.length, allowance: updated ?? row };
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

    async userDownloadedSince(userId: number, logoUrl: string, since: Date): Promise<boolean> {
      const mine = and(eq(downloads.userId, userId), eq(downloads.logoUrl, logoUrl));
      return (await db.$count(downloads, and(mine, downloadedSince(since)))) > 0;
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

    /** New downloads counted under an address key in its current window (0 when none). */
    async findAddressCount(key: string, now: Date): Promise<number> {
      const rows = await db
        .select({ count: loginFailures.count })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key), gt(loginFailures.windowEndsAt, now)))
        .limit(1);
      return rows[0]?.count ?? 0;
    },

    async guestDownloaded(keyHash: string, logoUrl: string): Promise<boolean> {
      return (await db.$count(downloads, guestDownload(keyHash, logoUrl))) > 0;
    },

    /** Removes expired guest sessions (downloads cascade) and ended `addressPrefix` counters. */
    async deleteExpiredGuests(now: Date, addressPrefix: string): Promise<number> {
      const rows = await db
        .delete(guestQuotas)
        .where(lte(guestQuotas.expiresAt, now))
        .returning({ keyHash: guestQuotas.keyHash });
      await db
        .delete(loginFailures)
        .where(
          and(
            sql`starts_with(${loginFailures.key}, ${addressPrefix})`,
            lte(loginFailures.windowEndsAt, now),
          ),
        );
      return rows.length;
    },

    /** Reclaims replaced history rows: the embedded database runs no autovacuum. */
    async compactHistory(): Promise<void> {
      await db.execute(sql`vacuum downloads`);
    },

    async history(userId: number, limit?: number): Promise<HistoryRow[]> {
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
        .limit(limit ?? Number.MAX_SAFE_INTEGER);
      return rows.map((r) => ({ ...r, fileType: r.fileType as FileType | null }));
    },
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
