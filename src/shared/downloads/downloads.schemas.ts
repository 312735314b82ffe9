import { z } from 'zod';
import { ApiErrorSchema, wholeNumber } from '#shared/lib/api-error.ts';
import { FileTypeSchema } from '#shared/search/search.schemas.ts';

// The downloads contract: quota checks, tracking, batch records, copying SVG source, the history.

/** A batch holds at most this many logos (a zip of more is refused before any work starts). */
export const MAX_BATCH_LOGOS = 200;
/** The history answers at most this many rows, newest first (the dashboard paginates them). */
export const MAX_HISTORY_ITEMS = 1000;
export const MAX_LOGO_URL_LENGTH = 2048;
const MAX_LOGO_TITLE_LENGTH = 500;
const DEFAULT_LOGO_TITLE = 'Unknown Logo';

const LOGO_URL_MESSAGE = 'logoUrl must be the web address (http or https) of a logo file.';

/**
 * A logo's address as the search returns it: an absolute http(s) url (Commons), or the path of a
 * bundled icon on this server (`/api/icons/github.svg`).
 */
const LogoUrlSchema = z
  .string({ error: LOGO_URL_MESSAGE })
  .trim()
  .min(1, LOGO_URL_MESSAGE)
  .max(MAX_LOGO_URL_LENGTH, `logoUrl is too long: use at most ${MAX_LOGO_URL_LENGTH} characters.`)
  .refine(
    (value) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value) || /^\/api\/icons\/[^\s]+$/.test(value),
    LOGO_URL_MESSAGE,
  );

const LogoTitleSchema = z
  .string({ error: 'logoTitle must be text.' })
  .trim()
  .max(
    MAX_LOGO_TITLE_LENGTH,
    `logoTitle is too long: use at most ${MAX_LOGO_TITLE_LENGTH} characters.`,
  )
  .transform((value) => value || DEFAULT_LOGO_TITLE);

/** Accepted for older clients; when present it must be the signed-in user's id (403 otherwise). */
const ClientUserIdSchema = wholeNumber('userId must be a whole number.').optional();

const OptionalFileTypeSchema = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    FileTypeSchema.optional(),
  )
  .optional();

/** POST /api/downloads/track. `fileType` is inferred from the url when missing (default svg). */
export const TrackDownloadBodySchema = z.object({
  logoUrl: LogoUrlSchema,
  logoTitle: LogoTitleSchema.default(DEFAULT_LOGO_TITLE),
  fileType: OptionalFileTypeSchema,
  userId: ClientUserIdSchema,
});
export type TrackDownloadBody = z.input<typeof TrackDownloadBodySchema>;

/** The caller's allowance after a successful track or batch. */
const RecordedSchema = z.object({
  success: z.literal(true),
  isSubscribed: z.boolean(),
  /** Counted in the current period (guests: this browser session). */
  downloadCount: z.number().int(),
  /** The free limit, for Premium too (which has none). */
  limit: z.number().int(),
});
/** Downloads left in the period; null for Premium (unlimited). */
const RemainingSchema = z.number().int().nullable();

export const TrackDownloadResponseSchema = RecordedSchema.extend({
  /** False when this logo was already downloaded in the current period and so did not count again. */
  counted: z.boolean(),
  remaining: RemainingSchema,
});
export type TrackDownloadResponse = z.infer<typeof TrackDownloadResponseSchema>;

/** The 403 body when a limit is reached (message, code, downloadCount, limit). */
export const DownloadLimitErrorSchema = ApiErrorSchema.extend({
  downloadCount: z.number().int(),
  limit: z.number().int(),
  /** 'address': a guest's network used up the day's downloads across guest sessions. */
  reason: z.literal('address').optional(),
});

/** GET /api/downloads/check-limit[?logoUrl=] */
export const CheckLimitQuerySchema = z.object({
  /** When given, the answer says whether this logo was already downloaded in the period. */
  logoUrl: LogoUrlSchema.optional(),
  userId: ClientUserIdSchema,
  /** Older clients send a cache-busting timestamp; ignored. */
  _t: z.string().optional(),
});

export const CheckLimitResponseSchema = RecordedSchema.omit({ success: true }).extend({
  canDownload: z.boolean(),
  isGuest: z.boolean(),
  remaining: RemainingSchema,
  /** When the period ends and the count starts again (ISO); null before the first download and for guests. */
  periodEndsAt: z.string().nullable(),
  /** Only with `logoUrl`: downloaded already in this period, so downloading it again is free. */
  alreadyDownloaded: z.boolean(),
  /** Guests only: the day's ceiling for all guest sessions from their address, and whether it is used up. */
  guestAddress: z.object({ limit: z.number().int(), reached: z.boolean() }).optional(),
});
export type CheckLimitResponse = z.infer<typeof CheckLimitResponseSchema>;

/** One logo of a batch: the client sends whole Logo objects; only these fields are read. */
const BatchLogoSchema = z.object({
  url: LogoUrlSchema,
  title: LogoTitleSchema.default(DEFAULT_LOGO_TITLE),
  fileType: OptionalFileTypeSchema,
});

/** POST /api/downloads/batch — Premium only; records every logo of the zip or sheet. */
export const BatchDownloadBodySchema = z.object({
  logos: z
    .array(BatchLogoSchema, { error: 'logos must be a list of logos.' })
    .min(1, 'Please select at least one logo to download.')
    .max(MAX_BATCH_LOGOS, `A batch can hold at most ${MAX_BATCH_LOGOS} logos.`),
  /** True when the logos were merged into one SVG sheet instead of a zip. */
  consolidated: z.boolean().optional(),
  userId: ClientUserIdSchema,
});
export type BatchDownloadBody = z.input<typeof BatchDownloadBodySchema>;

export const BatchDownloadResponseSchema = RecordedSchema.extend({
  /** How many history rows were written. */
  recorded: z.number().int(),
});
export type BatchDownloadResponse = z.infer<typeof BatchDownloadResponseSchema>;

/** POST /api/downloads/copy-svg — Premium only (docs/product.md#product-decisions). */
export const CopySvgBodySchema = z.object({ logoUrl: LogoUrlSchema });
export const CopySvgResponseSchema = z.object({ svg: z.string() });
export type CopySvgResponse = z.infer<typeof CopySvgResponseSchema>;

/** GET /api/user/downloads */
const DownloadHistoryItemSchema = z.object({
  id: z.number().int(),
  logoUrl: z.string(),
  logoTitle: z.string(),
  downloadDate: z.string(),
  fileType: FileTypeSchema.nullable(),
});
export type DownloadHistoryItem = z.infer<typeof DownloadHistoryItemSchema>;

export const DownloadHistoryResponseSchema = z.object({
  history: z.array(DownloadHistoryItemSchema),
});
export type DownloadHistoryResponse = z.infer<typeof DownloadHistoryResponseSchema>;

/** Messages the server and the client share. */
export const DOWNLOAD_MESSAGES = {
  monthlyLimit: "You've reached your monthly download limit.",
  guestLimit:
    "You've reached the guest download limit. Create an account and upgrade to Premium to get unlimited downloads.",
  /** A guest's address used up the day's downloads across guest sessions. */
  guestAddressLimit: (limit: number) =>
    `Downloads without an account are limited to ${limit} a day from your network, and that many have been made today. Sign up for a free account to keep downloading.`,
  batchPremium: 'Batch downloading is a premium feature. Please upgrade to use this feature.',
  consolidatePremium:
    'Consolidating SVG logos is a premium feature. Please upgrade to use this feature.',
  copyPremium: 'Direct SVG copying is a premium feature',
  onlySvg: 'Only SVG files can be copied to clipboard.',
} as const;
