import { z } from 'zod';
import { wholeNumber } from '#shared/lib/api-error.ts';

/** File types WikiLogos shows and filters by (docs/product.md), webp included since Commons hosts it. */
export const FILE_TYPES = ['svg', 'png', 'jpg', 'gif', 'webp'] as const;
export const FileTypeSchema = z.enum(FILE_TYPES);
export type FileType = z.infer<typeof FileTypeSchema>;

/** The media types file hosts send for each file type. */
export const MIME_FILE_TYPES: Partial<Record<string, FileType>> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const EXTENSION_FILE_TYPES: Partial<Record<string, FileType>> = {
  ...Object.fromEntries(FILE_TYPES.map((type) => [type, type])),
  jpeg: 'jpg',
  jpe: 'jpg',
};

/** The file type an extension names, in any case: 'SVG' → 'svg', 'jpeg' → 'jpg'; null for others. */
export function fileTypeOfExtension(extension: string): FileType | null {
  const key = extension.toLowerCase();
  return Object.hasOwn(EXTENSION_FILE_TYPES, key) ? (EXTENSION_FILE_TYPES[key] ?? null) : null;
}

/** The file type a name's (or path's) extension says, 'Logo.JPEG' → 'jpg'; null for others. */
export function fileTypeOfName(name: string): FileType | null {
  return fileTypeOfExtension(/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '');
}

export const LOGO_SOURCES = ['commons', 'wikidata', 'simple-icons'] as const;
const LogoSourceSchema = z.enum(LOGO_SOURCES);
export type LogoSourceName = z.infer<typeof LogoSourceSchema>;

/** One file of a light/dark pair: what a card shows, a download saves and its credit line names. */
export const LogoVariantSchema = z.object({
  title: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  fileType: FileTypeSchema,
  width: z.number().nonnegative().nullable(),
  height: z.number().nonnegative().nullable(),
  license: z.string().nullable(),
  licenseUrl: z.string().nullable(),
  author: z.string().nullable(),
  sourceUrl: z.string().nullable(),
});
export type LogoVariant = z.infer<typeof LogoVariantSchema>;

/**
 * One logo as the client sees it: the file and its metadata, then what WikiLogos adds for
 * attribution and ranking. Text fields are plain text, never HTML.
 */
export const LogoSchema = z.object({
  title: z.string(),
  /** The original file: the unique key. Commons files on upload.wikimedia.org; bundled icons on our own /api/icons/…. */
  url: z.string(),
  /** A preview image (Commons 330 px thumbnail); the client falls back to `url`. */
  thumbUrl: z.string().nullable(),
  fileType: FileTypeSchema,
  /** Upload time, ISO 8601; null when unknown ('Unknown date'). */
  dateAdded: z.string().nullable(),
  description: z.string().nullable(),
  /** Bytes; null when unknown ('Unknown size'). */
  size: z.number().int().nonnegative().nullable(),
  width: z.number().nonnegative().nullable(),
  height: z.number().nonnegative().nullable(),
  /** Short license name as Commons gives it ('Public domain', 'CC BY-SA 4.0', …). */
  license: z.string().nullable(),
  /** The page people should link to as the source (the Commons file page, the brand's site). */
  sourceUrl: z.string().nullable(),
  /** Which of the comma-separated names found this logo. */
  searchTerm: z.string(),

  source: LogoSourceSchema,
  author: z.string().nullable(),
  licenseUrl: z.string().nullable(),
  attributionRequired: z.boolean().nullable(),
  /** Commons 'Restrictions' mentions trademarks. */
  trademarked: z.boolean(),
  /** The company's logo according to Wikidata (P154). */
  official: z.boolean(),
  /** An official logo whose statement has an end time: a former logo. */
  historical: z.boolean(),
  /** Brand colour as 6-digit hex without '#' (Simple Icons). */
  brandColor: z.string().nullable(),
  /** The brand's usage guidelines, when known (Simple Icons). */
  guidelinesUrl: z.string().nullable(),
  /**
   * The light and dark versions of this logo the same search found (docs/product.md#light-and-dark-versions),
   * keyed by the background each is drawn for; absent when there is no pair. Pick with
   * `variantForBackground` (src/shared/search/logo-variants.ts).
   */
  variants: z
    .object({ light: LogoVariantSchema.optional(), dark: LogoVariantSchema.optional() })
    .nullish(),
  /** The Wikidata item (Q-id) whose official logo this is: its logo history is /brand/<id>. */
  wikidataId: z.string().nullable().optional(),
});
export type Logo = z.infer<typeof LogoSchema>;

const MAX_QUERY_LENGTH = 200;
const TOO_LONG = `The search is too long: use at most ${MAX_QUERY_LENGTH} characters.`;
const PAGE_MESSAGE = 'page must be a whole number from 0 to 40.';
const MAX_NAMES_PER_QUERY = 10;
export const SEARCH_PAGE_SIZE = 24;

/**
 * The one search input: GET /api/search's query, the server-rendered search page, the service,
 * the sources and the cache key all take this. `fileType` null (empty or absent) means all formats.
 */
export const SearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a company name to search for.' })
    .trim()
    .min(1, 'Type a company name to search for.')
    .max(MAX_QUERY_LENGTH, TOO_LONG),
  // Case-insensitive ('SVG', ' WebP ', 'JPEG'), but never guessed: anything else is refused
  // rather than quietly searching every format.
  fileType: z
    .preprocess(
      (value) =>
        typeof value === 'string' ? (fileTypeOfExtension(value.trim()) ?? value.trim()) : value,
      z.union([FileTypeSchema, z.literal('')], {
        error: `fileType must be one of ${FILE_TYPES.join(', ')}, or empty for all formats.`,
      }),
    )
    .nullish()
    .transform((v) => v || null),
  /** 0 for the first page; each further page continues every name's Commons search. */
  page: wholeNumber(PAGE_MESSAGE).min(0, PAGE_MESSAGE).max(40, PAGE_MESSAGE).default(0),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * A typed name that is a web address ('ikea.com', 'https://www.ikea.com/'): the company whose
 * official website it is, searched by its name instead; or null when none was found, and then the
 * words in it (`label`) are offered as a search.
 */
export const WebsiteMatchSchema = z.object({
  /** The name as typed. */
  typed: z.string(),
  /** The host without www.: 'ikea.com'. */
  domain: z.string(),
  /** The words in it: 'ikea'. */
  label: z.string(),
  company: z.object({ wikidataId: z.string(), name: z.string() }).nullable(),
});
export type WebsiteMatch = z.infer<typeof WebsiteMatchSchema>;

export const SearchResultSchema = z.object({
  logos: z.array(LogoSchema),
  /** Shown to the user as a notice, e.g. when Commons is unreachable and only offline results are shown. */
  warnings: z.array(z.string()).optional(),
  /**
   * Sources this answer left out and GET /api/search still asks (GET /api/search/first leaves out
   * Wikidata, whose official logos take three upstream rounds); absent when nothing is left out.
   */
  pending: z.array(LogoSourceSchema).optional(),
  page: z.number().int(),
  /** Whether asking for page + 1 can return more logos. */
  hasMore: z.boolean(),
  /** The typed names that are web addresses, and what each was found to be; absent when none is. */
  websites: z.array(WebsiteMatchSchema).optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Splits 'Google, Apple ,, Meta' into distinct names, in order, at most MAX_NAMES_PER_QUERY. */
export function splitSearchNames(q: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of q.split(',')) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names.slice(0, MAX_NAMES_PER_QUERY);
}

/** GET /api/search/samples: the home page's nine example logos, from the offline catalogue. */
export const SamplesResultSchema = z.object({ logos: z.array(LogoSchema) });
export type SamplesResult = z.infer<typeof SamplesResultSchema>;

/** GET /api/search/suggest?q=: company names from the catalogue matching what is typed. */
export const SuggestQuerySchema = z.object({
  q: z.string().trim().max(MAX_QUERY_LENGTH, TOO_LONG).default(''),
});
export const SuggestResultSchema = z.object({ suggestions: z.array(z.string()) });
export type SuggestResult = z.infer<typeof SuggestResultSchema>;

/**
 * GET /api/search/names: the catalogue's names, which the search box matches as the visitor types
 * (docs/decisions/038-names-matched-in-the-browser.md). Each is [title, slug, ...aliases], the
 * slug empty when it adds nothing to the title.
 */
export const NameIndexSchema = z.object({
  names: z.array(z.tuple([z.string(), z.string()], z.string())),
});
export type NameIndex = z.infer<typeof NameIndexSchema>;

/**
 * What the results page says while the first answer is on screen and Wikidata's official logos are
 * still coming, and when they join (docs/product.md#search-results).
 */
export const OFFICIAL_LOGO_MESSAGES = {
  finding: 'Finding the official logo…',
  added: 'Official logo added.',
} as const;
