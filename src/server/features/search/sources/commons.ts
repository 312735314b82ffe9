import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  fileTypeOfName,
  LogoSchema,
  MIME_FILE_TYPES,
  SEARCH_PAGE_SIZE,
} from '#shared/search/search.schemas.ts';
import type { FileType, Logo } from '#shared/search/search.schemas.ts';
import { abortable } from '#server/lib/abortable.ts';
import { htmlToText } from '../html-text.ts';
import { getApi, WikimediaError } from '../wikimedia-client.ts';
import type { WikimediaClient } from '../wikimedia-client.ts';
import { SourceUnavailableError } from './logo-source.ts';
import type { LogoSource, RunUpstream, SourceQuery, SourceResult } from './logo-source.ts';

export type CommonsSource = LogoSource & {
  /**
   * Image info for known files (Wikidata's P154 values) by normalized title (`normalizeFileTitle`);
   * missing files and non-images are absent. `searchTerm` is '' until the caller sets it. Files
   * a recent search or look-up described are not asked for again; with `searchedName`, the
   * first-page search for that name that is running is waited for first (its answer describes
   * the name's files, and the search needs it anyway). `run`: the scope's limit, when in one.
   */
  imageInfoByTitles: (
    titles: string[],
    signal?: AbortSignal,
    options?: { searchedName?: string; run?: RunUpstream | undefined },
  ) => Promise<Map<string, Logo>>;
};

/** Recent file facts kept in memory: an hour, a few thousand files (a few MB). */
const KNOWN_FILES_TTL_MS = 60 * 60_000;
const KNOWN_FILES_MAX = 2_000;

/** CirrusSearch refuses offset + limit beyond this (Searcher::MAX_OFFSET_LIMIT). */
const MAX_SEARCH_DEPTH = 10_000;
/** ApiQueryImageInfo scales at most 50 thumbnails per request (TRANSFORM_LIMIT). */
const MAX_TITLES_PER_REQUEST = 50;
/** A standard thumbnail step (thumb.wikimedia.org renders only those since 2026). */
const THUMB_WIDTH = 330;
const EXTMETADATA_FIELDS =
  'LicenseShortName|UsageTerms|License|LicenseUrl|AttributionRequired|Attribution|Artist|Credit|' +
  'ImageDescription|ObjectName|DateTimeOriginal|DateTime|Copyrighted|Restrictions|NonFree|Permission';
const IMAGEINFO_PARAMS = {
  prop: 'imageinfo',
  iiprop: 'timestamp|url|size|mime|mediatype|extmetadata',
  iiurlwidth: String(THUMB_WIDTH),
  iiextmetadatafilter: EXTMETADATA_FIELDS,
  iiextmetadatalanguage: 'en',
};

const UNAVAILABLE = 'Wikimedia Commons is not reachable right now';

/** The keyword part of gsrsearch: Commons' own media-type and MIME filters (CirrusSearch keywords). */
const FILE_TYPE_KEYWORDS: Record<FileType, string> = {
  svg: 'filetype:drawing',
  png: 'filemime:png',
  jpg: 'filemime:jpeg',
  gif: 'filemime:gif',
  webp: 'filemime:webp',
};
const ANY_IMAGE_KEYWORD = 'filetype:bitmap|drawing';

// Upstream shapes, tolerant: pages are validated one by one and an odd one is skipped.
const ExtValueSchema = z.looseObject({ value: z.unknown() });
const ImageInfoSchema = z.looseObject({
  timestamp: z.string().optional(),
  size: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  thumburl: z.string().optional(),
  url: z.string().optional(),
  descriptionurl: z.string().optional(),
  mime: z.string().optional(),
  mediatype: z.string().optional(),
  extmetadata: z.record(z.string(), z.unknown()).optional(),
});
const PageSchema = z.looseObject({
  title: z.string(),
  index: z.number().optional(),
  // fv1 says `""` for true.
  missing: z.union([z.boolean(), z.string()]).optional(),
  imageinfo: z.array(z.unknown()).optional(),
});
const QueryResponseSchema = z.looseObject({
  continue: z.record(z.string(), z.unknown()).optional(),
  query: z
    .looseObject({
      // fv2: an array; fv1: an object keyed by page id.
      pages: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
      normalized: z.array(z.looseObject({ from: z.string(), to: z.string() })).optional(),
    })
    .optional(),
});
type QueryResponse = z.infer<typeof QueryResponseSchema>;
type ImageInfo = z.infer<typeof ImageInfoSchema>;

/**
 * 'Apple_logo_black.svg', 'file:Apple logo black.svg' → 'File:Apple logo black.svg', as MediaWiki
 * normalizes titles (spaces, canonical namespace, first letter upper-cased).
 */
export function normalizeFileTitle(name: string): string {
  const bare = name
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:file|image)\s*:\s*/i, '');
  return `File:${bare.charAt(0).toUpperCase()}${bare.slice(1)}`;
}

/**
 * The free text of a Commons search. CirrusSearch reads operators (`intitle:`, `-word`, quotes,
 * wildcards); a company name is meant literally, so they are neutralised.
 */
export function searchTextFor(name: string): string {
  return name
    .replace(/["\\*?~:|()[\]{}<>^]/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^[-!+]+/, ''))
    .map((word) => (/^(AND|OR|NOT)$/.test(word) ? word.toLowerCase() : word))
    .filter(Boolean)
    .join(' ');
}

export function createCommonsSource(deps: {
  client: WikimediaClient;
  apiUrl: string;
  now?: () => number;
}): CommonsSource {
  const { client } = deps;
  const api = { url: new URL(deps.apiUrl), name: 'Commons' };
  // Wikidata's official files are usually among the same search's results: their facts are here.
  const knownFiles = new LRUCache<string, Logo>({
    max: KNOWN_FILES_MAX,
    ttl: KNOWN_FILES_TTL_MS,
    ttlResolution: 0,
    perf: { now: deps.now ?? Date.now },
  });
  const remember = (pairs: Array<[string, Logo]>) => {
    for (const [title, logo] of pairs) knownFiles.set(title, { ...logo, searchTerm: '' });
  };
  /** First-page searches running, by name as `nameKey` writes it. */
  const running = new Map<string, Promise<unknown>>();

  async function fetchQuery(
    params: Record<string, string>,
    signal: AbortSignal | undefined,
    run: RunUpstream | undefined,
  ): Promise<QueryResponse> {
    const all = { action: 'query', formatversion: '2', ...params };
    const request = () => getApi(client, api, all, QueryResponseSchema, signal);
    try {
      return await (run ? run(request) : request());
    } catch (err) {
      if (err instanceof WikimediaError)
        throw new SourceUnavailableError('commons', UNAVAILABLE, { cause: err });
      throw err;
    }
  }

  async function search({
    name,
    fileType,
    page,
    signal,
    scope,
  }: SourceQuery): Promise<SourceResult> {
    const text = searchTextFor(name);
    const offset = page * SEARCH_PAGE_SIZE;
    if (!text || offset + SEARCH_PAGE_SIZE > MAX_SEARCH_DEPTH) return { logos: [], hasMore: false };

    const keyword = fileType ? FILE_TYPE_KEYWORDS[fileType] : ANY_IMAGE_KEYWORD;
    const params = {
      generator: 'search',
      gsrsearch: `${text} logo ${keyword}`,
      gsrnamespace: '6',
      gsrlimit: String(SEARCH_PAGE_SIZE),
      gsroffset: String(offset),
      ...IMAGEINFO_PARAMS,
    };
    const request = fetchQuery(params, signal, scope?.run);
    const key = nameKey(name);
    if (page === 0) {
      running.set(key, request);
      const forget = () => {
        if (running.get(key) === request) running.delete(key);
      };
      request.then(forget, forget);
    }
    const body = await request;
    const pairs = logosByTitle(body, name);
    remember(pairs);
    const { logos, hasMore } = resultOf(pairs, body);
    return {
      // The keyword narrows the search; the post-filter makes the promise exact.
      logos: fileType ? logos.filter((logo) => logo.fileType === fileType) : logos,
      hasMore: hasMore && offset + 2 * SEARCH_PAGE_SIZE <= MAX_SEARCH_DEPTH,
    };
  }

  async function imageInfoByTitles(
    titles: string[],
    signal?: AbortSignal,
    options: { searchedName?: string; run?: RunUpstream | undefined } = {},
  ): Promise<Map<string, Logo>> {
    const searching = options.searchedName && running.get(nameKey(options.searchedName));
    if (searching) {
      // Its failure is not ours: the files are then asked for below.
      const settled = searching.then(
        () => {},
        () => {},
      );
      await (signal ? abortable(settled, signal) : settled);
    }
    const result = new Map<string, Logo>();
    const wanted: string[] = [];
    for (const title of new Set(titles.map(normalizeFileTitle).filter((t) => t !== 'File:'))) {
      const known = knownFiles.get(title);
      if (known) result.set(title, known);
      else wanted.push(title);
    }
    for (let start = 0; start < wanted.length; start += MAX_TITLES_PER_REQUEST) {
      const batch = wanted.slice(start, start + MAX_TITLES_PER_REQUEST);
      const body = await fetchQuery(
        { titles: batch.join('|'), ...IMAGEINFO_PARAMS },
        signal,
        options.run,
      );
      const pairs = logosByTitle(body, '');
      remember(pairs);
      for (const [title, logo] of pairs) result.set(title, logo);
      // MediaWiki's normalization (Unicode case…) wins: the title as asked finds its file too.
      for (const { from, to } of body.query?.normalized ?? []) {
        const logo = result.get(normalizeFileTitle(to));
        if (logo && !result.has(from)) result.set(from, logo);
      }
    }
    return result;
  }

  return { name: 'commons', search, imageInfoByTitles };
}

/**
 * Maps an `action=query&prop=imageinfo` answer (fv1 or fv2, with or without a search generator)
 * to logos in rank order; `hasMore` when Commons offers a next page.
 */
export function mapCommonsResponse(body: unknown, searchTerm: string): SourceResult {
  const parsed = QueryResponseSchema.safeParse(body);
  if (!parsed.success) return { logos: [], hasMore: false };
  return resultOf(logosByTitle(parsed.data, searchTerm), parsed.data);
}

function resultOf(pairs: Array<[string, Logo]>, body: QueryResponse): SourceResult {
  // One logo per file url, in rank order (the first of duplicates wins).
  const byUrl = new Map<string, Logo>();
  for (const [, logo] of pairs) if (!byUrl.has(logo.url)) byUrl.set(logo.url, logo);
  return { logos: [...byUrl.values()], hasMore: body.continue !== undefined };
}

/** A searched name with case and spacing ignored: 'Google ' and 'google' are one name. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** [normalized page title, logo] pairs, sorted by search rank when there is one. */
function logosByTitle(body: QueryResponse, searchTerm: string): Array<[string, Logo]> {
  const rawPages = body.query?.pages;
  const pageList =
    rawPages === undefined ? [] : Array.isArray(rawPages) ? rawPages : Object.values(rawPages);
  const pages = pageList
    .map((raw) => PageSchema.safeParse(raw))
    .flatMap((result) => (result.success ? [result.data] : []))
    .map((page, position) => ({ page, position }))
    .sort(
      (a, b) => (a.page.index ?? Infinity) - (b.page.index ?? Infinity) || a.position - b.position,
    );

  const pairs: Array<[string, Logo]> = [];
  for (const { page } of pages) {
    if (page.missing === true || page.missing === '') continue;
    const info = ImageInfoSchema.safeParse(page.imageinfo?.[0]);
    if (!info.success) continue;
    const logo = toLogo(page.title, info.data, searchTerm);
    if (logo) pairs.push([normalizeFileTitle(page.title), logo]);
  }
  return pairs;
}

function toLogo(pageTitle: string, info: ImageInfo, searchTerm: string): Logo | null {
  const url = cleanUrl(info.url);
  if (!url) return null;
  const fileType = fileTypeOf(info.mime, url);
  if (!fileType) return null; // PDFs, videos, TIFFs…: not something WikiLogos can show

  const meta = info.extmetadata ?? {};
  const field = (key: string) => extValue(meta[key]);
  const license = htmlToText(field('LicenseShortName')) ?? htmlToText(field('UsageTerms'));
  const restrictions = (htmlToText(field('Restrictions')) ?? '').toLowerCase();

  const candidate: Logo = {
    title: titleOf(pageTitle),
    url,
    thumbUrl: cleanUrl(info.thumburl),
    fileType,
    dateAdded: isoTimestamp(info.timestamp) ?? isoFromMetadataDate(field('DateTime')),
    description: htmlToText(field('ImageDescription')),
    size: wholeNumber(info.size),
    width: nonNegative(info.width),
    height: nonNegative(info.height),
    license,
    sourceUrl: cleanUrl(info.descriptionurl),
    searchTerm,
    source: 'commons',
    author: htmlToText(field('Artist')),
    licenseUrl: cleanUrl(htmlToText(field('LicenseUrl')) ?? undefined),
    attributionRequired: booleanString(field('AttributionRequired')),
    trademarked: /trademark/.test(restrictions),
    official: false,
    historical: false,
    brandColor: null,
    guidelinesUrl: null,
  };
  // The contract is the last word: a page that cannot satisfy it is dropped, not sent half-broken.
  const checked = LogoSchema.safeParse(candidate);
  return checked.success ? checked.data : null;
}

/** 'File:Google "G" logo.svg' → 'Google "G" logo'. */
function titleOf(pageTitle: string): string {
  const name = pageTitle.replace(/^(?:file|image)\s*:\s*/i, '').replace(/_/g, ' ');
  const withoutExtension = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return (withoutExtension || name).replace(/\s+/g, ' ').trim();
}

function extValue(entry: unknown): string | null {
  const value = ExtValueSchema.safeParse(entry).data?.value;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null; // multilingual maps and other shapes are not requested
}

/**
 * Absolute http(s) URL without utm_* parameters (the CDN ignores them; the URL is a logo's
 * identity). Anything else (`javascript:` in a hostile LicenseUrl) is dropped: these become links.
 */
function cleanUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  const url = URL.parse(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  for (const key of [...url.searchParams.keys()]) {
    if (key.toLowerCase().startsWith('utm_')) url.searchParams.delete(key);
  }
  // searchParams re-encodes whatever remains; with nothing left, drop the '?' too.
  if ([...url.searchParams.keys()].length === 0) url.search = '';
  return url.toString();
}

function fileTypeOf(mime: string | undefined, url: string): FileType | null {
  const type = mime?.toLowerCase().split(';')[0]?.trim();
  if (type) {
    const known = MIME_FILE_TYPES[type];
    if (known) return known;
    // A declared type (pdf, tiff, webm) beats the extension; only a generic one defers to it.
    if (type !== 'application/octet-stream' && type !== 'unknown/unknown') return null;
  }
  return fileTypeOfName(new URL(url).pathname);
}

function isoTimestamp(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().replace('.000Z', 'Z');
}

/** extmetadata DateTime is 'YYYY-MM-DD HH:MM:SS' (UTC): the upload time when `timestamp` is absent. */
function isoFromMetadataDate(value: string | null): string | null {
  const match = value ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim()) : null;
  return match ? isoTimestamp(`${match[1]}T${match[2]}Z`) : null;
}

function booleanString(value: string | null): boolean | null {
  const text = value?.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : null;
}

function wholeNumber(value: number | undefined): number | null {
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : null;
}

function nonNegative(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : null;
}
