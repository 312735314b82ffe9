import { randomBytes } from 'node:crypto';
import { HttpError, signInRequired } from '#server/http-error.ts';
import { addressBucket } from '#server/lib/client-address.ts';
import {
  FREE_DOWNLOADS_PER_MONTH,
  GUEST_DOWNLOADS_PER_SESSION,
  isPremium,
} from '#shared/billing/plans.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import {
  DOWNLOAD_MESSAGES,
  MAX_HISTORY_ITEMS,
  MAX_LOGO_URL_LENGTH,
  type BatchDownloadBodySchema,
  type BatchDownloadResponse,
  type CheckLimitQuerySchema,
  type CheckLimitResponse,
  type CopySvgResponse,
  type DownloadHistoryResponse,
  type TrackDownloadBodySchema,
  type TrackDownloadResponse,
} from '#shared/downloads/downloads.schemas.ts';
import { fileTypeOfName, type FileType } from '#shared/search/search.schemas.ts';
import type { z } from 'zod';
import { MESSAGES as ACCOUNT_MESSAGES } from '../accounts/accounts.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { hashToken, type Clock } from '../sessions/sessions.service.ts';
import { downloadPeriodEnd, effectiveDownloadCount, isCurrentPeriod } from './download-period.ts';
import type { DownloadsRepository, LogoRecord, UserAllowance } from './downloads.repository.ts';

/** How long the server keeps a guest session's count (the cookie itself ends with the browser). */
const GUEST_QUOTA_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Expired guest rows are removed at most this often, by whichever track call comes first. */
const GUEST_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Guests from one address share this window for their ceiling across guest sessions. */
const GUEST_ADDRESS_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The attempt-counter namespace of that ceiling: `guest-ip:<address>`. */
const GUEST_ADDRESS_KEY_PREFIX = 'guest-ip:';
const DEFAULT_GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY = 30;

/** A signed-in user, or a guest: cookie id and address (which bounds all its guests). */
export type DownloadActor =
  { kind: 'user'; user: User } | { kind: 'guest'; guestId: string | null; address: string };

/** The key a guest address is counted under (an IPv6 client is counted by its /64). */
function guestAddressKey(address: string): string {
  return GUEST_ADDRESS_KEY_PREFIX + addressBucket(address);
}
type TrackInput = z.output<typeof TrackDownloadBodySchema>;
type CheckLimitInput = z.output<typeof CheckLimitQuerySchema>;
type BatchInput = z.output<typeof BatchDownloadBodySchema>;

/** A fresh id for a guest cookie: 32 random bytes. Only its hash reaches the database. */
export function newGuestId(): string {
  return randomBytes(32).toString('base64url');
}

type DownloadsServiceDeps = {
  repo: DownloadsRepository;
  /** Only copy-svg needs it. */
  files?: Pick<FilesService, 'readText'>;
  clock?: Clock;
  /** New downloads all guest sessions from one address may make in 24 hours (default 30). */
  guestDownloadsPerAddressPerDay?: number;
};

export function createDownloadsService(deps: DownloadsServiceDeps) {
  const { repo } = deps;
  const clock = deps.clock ?? (() => new Date());
  const addressLimit =
    deps.guestDownloadsPerAddressPerDay ?? DEFAULT_GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY;
  let lastSweep = Number.NEGATIVE_INFINITY;

  /** A userId sent by the client must be the session's own (guests send none, or 0). */
  function ensureOwnId(actor: DownloadActor, userId: number | undefined) {
    if (userId === undefined) return;
    if (actor.kind === 'guest' && userId !== 0) throw signInRequired();
    if (actor.kind === 'user' && userId !== actor.user.id)
      throw new HttpError(403, 'NOT_YOUR_ACCOUNT', ACCOUNT_MESSAGES.notYourAccount);
  }

  function logoRecord(url: string, title: string, fileType: FileType | undefined): LogoRecord {
    // The url is also an index key: bound its bytes, not only its characters.
    if (Buffer.byteLength(url) > MAX_LOGO_URL_LENGTH) {
      const message = `logoUrl is too long: use at most ${MAX_LOGO_URL_LENGTH} characters.`;
      throw new HttpError(400, 'VALIDATION_FAILED', message);
    }
    // Thumbnails ('…svg.png') are what their last extension says; no known one: an SVG.
    const fromUrl = fileTypeOfName(url.split(/[?#]/)[0] ?? '') ?? 'svg';
    return { logoUrl: url, logoTitle: title, fileType: fileType ?? fromUrl };
  }

  function userView(allowance: UserAllowance, now: Date) {
    const isSubscribed = isPremium(allowance, now);
    const downloadCount = effectiveDownloadCount(allowance, now);
    return {
      isSubscribed,
      downloadCount,
      remaining: isSubscribed ? null : Math.max(0, FREE_DOWNLOADS_PER_MONTH - downloadCount),
      periodEndsAt: isCurrentPeriod(allowance, now)
        ? downloadPeriodEnd(allowance.downloadPeriodStart)!.toISOString()
        : null,
    };
  }

  async function sweepGuests(now: Date) {
    if (now.getTime() - lastSweep < GUEST_SWEEP_INTERVAL_MS) return;
    lastSweep = now.getTime();
    await repo.deleteExpiredGuests(now, GUEST_ADDRESS_KEY_PREFIX);
  }

  function requireUser(actor: DownloadActor): User {
    if (actor.kind === 'guest') throw signInRequired();
    return actor.user;
  }

  return {
    /**
     * Counts and records one download, or refuses (403) at the limit. A logo already downloaded
     * this period is recorded again but not counted.
     */
    async track(actor: DownloadActor, input: TrackInput): Promise<TrackDownloadResponse> {
      ensureOwnId(actor, input.userId);
      const logo = logoRecord(input.logoUrl, input.logoTitle, input.fileType);
      const now = clock();

      if (actor.kind === 'guest') {
        if (!actor.guestId) throw new Error('a guest track needs a guest id');
        await sweepGuests(now);
        const result = await repo.trackForGuest({
          keyHash: hashToken(actor.guestId),
          logo,
          now,
          limit: GUEST_DOWNLOADS_PER_SESSION,
          lifetimeMs: GUEST_QUOTA_LIFETIME_MS,
          address: {
            key: guestAddressKey(actor.address),
            limit: addressLimit,
            windowMs: GUEST_ADDRESS_WINDOW_MS,
          },
        });
        if (result.outcome !== 'recorded') {
          const byAddress = result.outcome === 'address-limit';
          const message = byAddress
            ? DOWNLOAD_MESSAGES.guestAddressLimit(addressLimit)
            : DOWNLOAD_MESSAGES.guestLimit;
          const details = {
            downloadCount: result.downloadCount,
            limit: GUEST_DOWNLOADS_PER_SESSION,
          };
          throw new HttpError(403, 'GUEST_LIMIT_REACHED', message, {
            details: byAddress ? { ...details, reason: 'address' } : details,
          });
        }
        return {
          success: true,
          isSubscribed: false,
          downloadCount: result.downloadCount,
          limit: GUEST_DOWNLOADS_PER_SESSION,
          counted: result.counted,
          remaining: Math.max(0, GUEST_DOWNLOADS_PER_SESSION - result.downloadCount),
        };
      }

      const result = await repo.trackForUser({
        userId: actor.user.id,
        logo,
        now,
        limit: FREE_DOWNLOADS_PER_MONTH,
      });
      // The account was deleted while its session was still in use.
      if (result.outcome === 'no-user') throw signInRequired();
      const view = userView(result.allowance, now);
      if (result.outcome === 'limit') {
        throw new HttpError(403, 'DOWNLOAD_LIMIT_REACHED', DOWNLOAD_MESSAGES.monthlyLimit, {
          details: { downloadCount: view.downloadCount, limit: FREE_DOWNLOADS_PER_MONTH },
        });
      }
      return {
        success: true,
        isSubscribed: view.isSubscribed,
        downloadCount: view.downloadCount,
        limit: FREE_DOWNLOADS_PER_MONTH,
        counted: result.counted,
        remaining: view.remaining,
      };
    },

    /** The caller's allowance now. Reading never creates anything (a guest without a cookie has 0). */
    async checkLimit(actor: DownloadActor, input: CheckLimitInput): Promise<CheckLimitResponse> {
      ensureOwnId(actor, input.userId);
      const now = clock();
      if (actor.kind === 'guest') {
        const keyHash = actor.guestId ? hashToken(actor.guestId) : null;
        const count = keyHash ? ((await repo.findGuestCount(keyHash, now)) ?? 0) : 0;
        const alreadyDownloaded =
          keyHash !== null &&
          count > 0 &&
          input.logoUrl !== undefined &&
          (await repo.guestDownloaded(keyHash, input.logoUrl));
        const addressReached =
          (await repo.findAddressCount(guestAddressKey(actor.address), now)) >= addressLimit;
        return {
          canDownload:
            (count < GUEST_DOWNLOADS_PER_SESSION && !addressReached) || alreadyDownloaded,
          downloadCount: count,
          limit: GUEST_DOWNLOADS_PER_SESSION,
          isSubscribed: false,
          isGuest: true,
          remaining: Math.max(0, GUEST_DOWNLOADS_PER_SESSION - count),
          periodEndsAt: null,
          alreadyDownloaded,
          guestAddress: { limit: addressLimit, reached: addressReached },
        };
      }

      const allowance = await repo.findAllowance(actor.user.id);
      if (!allowance) throw signInRequired();
      const view = userView(allowance, now);
      const { logoUrl } = input;
      const alreadyDownloaded =
        logoUrl !== undefined &&
        isCurrentPeriod(allowance, now) &&
        (await repo.userDownloadedSince(actor.user.id, logoUrl, allowance.downloadPeriodStart!));
      return {
        canDownload:
          view.isSubscribed || view.downloadCount < FREE_DOWNLOADS_PER_MONTH || alreadyDownloaded,
        downloadCount: view.downloadCount,
        limit: FREE_DOWNLOADS_PER_MONTH,
        isSubscribed: view.isSubscribed,
        isGuest: false,
        remaining: view.remaining,
        periodEndsAt: view.periodEndsAt,
        alreadyDownloaded,
      };
    },

    /** Premium only: records every logo of a zip or consolidated sheet (none counts as a download). */
    async recordBatch(actor: DownloadActor, input: BatchInput): Promise<BatchDownloadResponse> {
      const user = requireUser(actor);
      ensureOwnId(actor, input.userId);
      const logos = input.logos.map((l) => logoRecord(l.url, l.title, l.fileType));
      const now = clock();
      const result = await repo.recordBatch({
        userId: user.id,
        logos,
        kind: input.consolidated ? 'consolidated' : 'batch',
        now,
      });
      if (!result) throw signInRequired();
      const view = userView(result.allowance, now);
      if (!result.premium) {
        const message = input.consolidated
          ? DOWNLOAD_MESSAGES.consolidatePremium
          : DOWNLOAD_MESSAGES.batchPremium;
        const details = { downloadCount: view.downloadCount, limit: FREE_DOWNLOADS_PER_MONTH };
        throw new HttpError(403, 'PREMIUM_REQUIRED', message, { details });
      }
      return {
        success: true,
        recorded: result.recorded,
        isSubscribed: true,
        downloadCount: view.downloadCount,
        limit: FREE_DOWNLOADS_PER_MONTH,
      };
    },

    /** Premium only: the SVG source of a logo, fetched within the file host policy. Not a download. */
    async copySvg(actor: DownloadActor, input: { logoUrl: string }): Promise<CopySvgResponse> {
      const user = requireUser(actor);
      if (!user.isSubscribed)
        throw new HttpError(403, 'PREMIUM_REQUIRED', DOWNLOAD_MESSAGES.copyPremium);
      // Only addresses containing .svg can be copied (docs/product.md#copy-svg).
      if (!/\.svg/i.test(input.logoUrl))
        throw new HttpError(400, 'UNSUPPORTED_FILE', DOWNLOAD_MESSAGES.onlySvg);
      if (!deps.files) throw new Error('downloads service built without files');
      const svg = await deps.files.readText(input.logoUrl, (file) => {
        if (!file.isSvg) throw new HttpError(400, 'UNSUPPORTED_FILE', DOWNLOAD_MESSAGES.onlySvg);
      });
      return { svg };
    },

    /** The whole history of the user, newest first (the data export; the page shows the latest). */
    async fullHistory(userId: number): Promise<DownloadHistoryResponse['history']> {
      const rows = await repo.history(userId);
      return rows.map(({ downloadedAt, ...row }) => ({
        ...row,
        downloadDate: downloadedAt.toISOString(),
      }));
    },

    async history(actor: DownloadActor, userId?: number): Promise<DownloadHistoryResponse> {
      const user = requireUser(actor);
      ensureOwnId(actor, userId);
      const rows = await repo.history(user.id, MAX_HISTORY_ITEMS);
      return {
        history: rows.map(({ downloadedAt, ...row }) => ({
          ...row,
          downloadDate: downloadedAt.toISOString(),
        })),
      };
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
