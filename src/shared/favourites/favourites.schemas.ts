import { z } from 'zod';
import { LogoSchema } from '#shared/search/search.schemas.ts';

// Favourites (docs/product.md#favourites): a snapshot of each hearted logo, kept in the browser
// for guests and on the account when signed in.

/** How many favourites one account keeps; the browser list keeps as many. */
export const FAVOURITES_LIMIT = 500;

export const FAVOURITE_MESSAGES = {
  full: `Your favourites are full: an account keeps at most ${FAVOURITES_LIMIT} logos. Remove some to add more.`,
  notAllowed: 'Only logos from Wikimedia Commons or WikiLogos can be kept as favourites.',
  linkNotAllowed: 'Logo links must be web addresses (http or https).',
  url: 'url must be the address of a logo file.',
  added: 'Added to favourites',
  removed: 'Removed from favourites',
  guestNote: 'Favourites are kept in this browser. Sign in to keep them on your account.',
} as const;

const MAX_ADDRESS = 2048;
/** Long Commons descriptions are cut in the snapshot: it is a reminder, not the record. */
const MAX_TEXT = 2000;

const cut = (max: number) => z.string().transform((value) => value.slice(0, max));

/** A link shown on the logo (source page, license, guidelines): a web address or one of ours. */
const LinkSchema = z
  .string()
  .max(MAX_ADDRESS)
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value),
    FAVOURITE_MESSAGES.linkNotAllowed,
  );

/**
 * A logo as a favourite is stored: the search's Logo with bounded text and safe links. Which hosts
 * its file and preview may come from is checked on the server, by the files proxy's policy.
 */
export const FavouriteLogoSchema = LogoSchema.extend({
  title: z.string().trim().min(1, 'A favourite needs a title.').max(500),
  url: z.string().trim().min(1, FAVOURITE_MESSAGES.url).max(MAX_ADDRESS),
  thumbUrl: z.string().max(MAX_ADDRESS).nullable(),
  dateAdded: z.string().max(100).nullable(),
  description: cut(MAX_TEXT).nullable(),
  license: z.string().max(200).nullable(),
  sourceUrl: LinkSchema.nullable(),
  searchTerm: z.string().max(200),
  author: cut(MAX_TEXT).nullable(),
  licenseUrl: LinkSchema.nullable(),
  brandColor: z
    .string()
    .regex(/^[0-9a-f]{6}$/i)
    .nullable(),
  guidelinesUrl: LinkSchema.nullable(),
});

/** GET /api/favourites — newest first. */
export const FavouritesResponseSchema = z.object({ favourites: z.array(LogoSchema) });
export type FavouritesResponse = z.infer<typeof FavouritesResponseSchema>;

/** PUT /api/favourites — adds one; adding one already kept changes nothing. */
export const AddFavouriteBodySchema = z.object({ logo: FavouriteLogoSchema });
export const AddFavouriteResponseSchema = z.object({
  logo: LogoSchema,
  /** False when it was already a favourite. */
  added: z.boolean(),
  count: z.number().int(),
});

/** DELETE /api/favourites?url=… — removing one that is not kept changes nothing. */
export const RemoveFavouriteQuerySchema = z.object({
  url: z
    .string({ error: FAVOURITE_MESSAGES.url })
    .trim()
    .min(1, FAVOURITE_MESSAGES.url)
    .max(MAX_ADDRESS),
});
export const RemoveFavouriteResponseSchema = z.object({
  removed: z.boolean(),
  count: z.number().int(),
});

/** POST /api/favourites/import — a browser's favourites merged into the account at sign-in. */
export const ImportFavouritesBodySchema = z.object({
  logos: z
    .array(FavouriteLogoSchema, { error: 'logos must be a list of logos.' })
    .max(FAVOURITES_LIMIT, `At most ${FAVOURITES_LIMIT} favourites can be added at once.`),
});
export const ImportFavouritesResponseSchema = FavouritesResponseSchema.extend({
  /** Logos the account did not have yet and now keeps. */
  added: z.number().int(),
  /** Logos left out because the account was full. */
  skipped: z.number().int(),
});
export type ImportFavouritesResponse = z.infer<typeof ImportFavouritesResponseSchema>;

/** A favourite in the account export: the snapshot and when it was added. */
export const ExportedFavouriteSchema = LogoSchema.extend({ addedAt: z.string() });
