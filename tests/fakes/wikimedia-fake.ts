/**
 * A local stand-in for the Commons and Wikidata Action APIs: a real HTTP server that replays the
 * recordings in ./recordings, so the real adapters run offline in unit tests, browser journeys and
 * the benchmark. It can also misbehave on request (slow, refused, 429, HTML, truncated JSON, API
 * errors, 5xx), globally, per API or per company name.
 *
 *   node tests/fakes/wikimedia-fake.ts --port 4100 [--wikidata-port 4101|same] [--latency 50]
 *
 * Commons answers at /commons/w/api.php, Wikidata at /wikidata/w/api.php (on a second port by
 * default, so they are different hosts as in production; every port serves every path). Other
 * processes drive it with POST /__control and read what it received with GET /__requests.
 * It also stands in for the file host: any /wikipedia/commons/….svg is a small SVG with an ETag
 * and Last-Modified, answered 304 to a matching If-None-Match, after the same latency.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import {
  CATALOGUE_COMPANIES,
  RECORDED_ARTICLES,
  catalogueCommonsSearch,
  catalogueEntity,
  catalogueWikidataSearch,
} from './wikimedia-catalogue.ts';

const RECORDINGS_DIR = fileURLToPath(new URL('./recordings/', import.meta.url));

const timesField = {
  /** Serve this mode for the next N matching requests only, then behave normally again. */
  times: z.number().int().positive().optional(),
};
const FakeModeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('normal'), ...timesField }),
  /** Answer normally, after `delayMs`. */
  z.object({
    kind: z.literal('slow'),
    delayMs: z.number().int().min(0).max(600_000),
    ...timesField,
  }),
  /** Accept the connection, then destroy the socket without answering. */
  z.object({ kind: z.literal('refuse'), ...timesField }),
  /** HTTP 429 with Retry-After and an HTML body, as Wikimedia's CDN sends. */
  z.object({
    kind: z.literal('rate-limit'),
    retryAfterSeconds: z.number().int().min(0),
    ...timesField,
  }),
  /** HTTP 200 with a text/html error page. */
  z.object({ kind: z.literal('html'), ...timesField }),
  /** HTTP 200 application/json cut off in the middle. */
  z.object({ kind: z.literal('truncated'), ...timesField }),
  /** HTTP 200 with a MediaWiki error object: missingparam (default) or maxlag (+ Retry-After). */
  z.object({
    kind: z.literal('api-error'),
    code: z.enum(['missingparam', 'maxlag']).optional(),
    retryAfterSeconds: z.number().int().min(0).optional(),
    ...timesField,
  }),
  /** HTTP 503 with an HTML body. */
  z.object({ kind: z.literal('server-error'), ...timesField }),
  /** A 4xx other than 429 (default 400) with an HTML body. */
  z.object({
    kind: z.literal('client-error'),
    status: z.number().int().min(400).max(499).optional(),
    ...timesField,
  }),
]);
export type FakeMode = z.infer<typeof FakeModeSchema>;

export type FakeApi = 'commons' | 'wikidata';
export type FakeRequest = {
  api: FakeApi;
  params: Record<string, string>;
  /** The headers Wikimedia cares about: user-agent, api-user-agent, accept-encoding. */
  headers: Record<string, string>;
  /** How long the stand-in held the request, from arrival to the last byte sent (benchmarks subtract it). */
  heldMs?: number;
};
const RECORDED_HEADERS = ['user-agent', 'api-user-agent', 'accept-encoding'];

const ControlSchema = z.object({
  /** Applied first: back to normal everywhere, no latency, empty request log. */
  reset: z.literal(true).optional(),
  mode: FakeModeSchema.optional(),
  /** Per company name (case-insensitive); null removes the name's override. */
  names: z.record(z.string(), FakeModeSchema.nullable()).optional(),
  /** Per API; null removes the override. */
  apis: z
    .object({
      commons: FakeModeSchema.nullable().optional(),
      wikidata: FakeModeSchema.nullable().optional(),
    })
    .optional(),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
});
export type FakeControl = z.infer<typeof ControlSchema>;

export type WikimediaFake = {
  /** Base URL of the main server (Commons API, /__control, /__requests), e.g. http://127.0.0.1:4100 */
  url: string;
  commonsApiUrl: string;
  /** On a second port by default, so Commons and Wikidata are different hosts as in production. */
  wikidataApiUrl: string;
  /** API requests received (control requests excluded), oldest first. */
  requests: () => FakeRequest[];
  resetRequests: () => void;
  /** Most API requests in progress at the same time since the last reset. */
  maxInFlight: () => number;
  /** File requests received (paths, oldest first), and their answers' status; reset with the log. */
  fileRequests: () => Array<{ path: string; status: number }>;
  /** Mode for every request without a more specific one (name > API > global). */
  setMode: (mode: FakeMode) => void;
  setApiMode: (api: FakeApi, mode: FakeMode | null) => void;
  setNameMode: (name: string, mode: FakeMode | null) => void;
  /** Delay every answer by this much (benchmarks). */
  setLatency: (ms: number) => void;
  /** Everything back to normal and an empty request log. */
  reset: () => void;
  close: () => Promise<void>;
};

// ---------------------------------------------------------------------------------------------
// Recordings: which file answers which request.

/** Commons `generator=search` answers per name, one file per page (page = gsroffset / gsrlimit). */
const COMMONS_SEARCHES: Record<string, string[]> = {
  google: ['commons-search-google-logo.json', 'commons-search-google-logo-page2.json'],
  apple: ['commons-search-apple-logo.json'],
  github: ['commons-search-github-logo.json'],
  microsoft: ['commons-search-microsoft-logo.json'],
  mozilla: ['commons-search-mozilla-logo.json'],
  wikipedia: ['commons-search-wikipedia-logo.json'],
  spotify: ['commons-search-spotify-logo.json'],
  netflix: ['commons-search-netflix-logo.json'],
  pepsi: ['commons-search-pepsi-logo.json'],
  // Light and dark versions of one logo, which the search pairs (tests/e2e/variants.spec.ts).
  amazon: ['commons-search-amazon-logo.json'],
  uber: ['commons-search-uber-logo.json'],
  // One file whose title, author and description are the text `<img src=x onerror=alert(1)>`
  // (the browser journey in tests/e2e/xss.spec.ts checks it shows as text).
  xss: ['commons-search-xss-logo.json'],
  nosuchcompany: ['commons-search-empty.json'],
};
/** Files that only answer `titles=` lookups (their pages join the title index). */
const COMMONS_IMAGEINFO_FILES = ['commons-imageinfo-by-title.json'];
/** Wikidata `wbsearchentities` answers per name. Entities come from every wikidata-entity-*.json. */
const WIKIDATA_SEARCHES: Record<string, string> = {
  google: 'wikidata-wbsearchentities-google.json',
  apple: 'wikidata-wbsearchentities-apple.json',
  github: 'wikidata-wbsearchentities-github.json',
  microsoft: 'wikidata-wbsearchentities-microsoft.json',
  mozilla: 'wikidata-wbsearchentities-mozilla.json',
  wikipedia: 'wikidata-wbsearchentities-wikipedia.json',
  spotify: 'wikidata-wbsearchentities-spotify.json',
  netflix: 'wikidata-wbsearchentities-netflix.json',
  pepsi: 'wikidata-wbsearchentities-pepsi.json',
  nosuchcompany: 'wikidata-wbsearchentities-empty.json',
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

type Recordings = {
  commonsSearches: Map<string, JsonObject[]>;
  wikidataSearches: Map<string, JsonObject>;
  /** Normalized title ('File:Apple logo black.svg') → page object without `index`. */
  files: Map<string, JsonObject>;
  entities: Map<string, JsonObject>;
  /** English Wikipedia article, lower-cased → Q-id, for `wbgetentities&sites=enwiki&titles=`. */
  articles: Map<string, string>;
  /** Which name a file title or Q-id belongs to, so per-name modes cover follow-up requests. */
  owners: Map<string, string>;
  emptySearch: JsonObject;
  missingParamError: JsonObject;
  maxlagError: JsonObject;
};

let loaded: Recordings | undefined;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRecording(file: string): JsonObject {
  const value = JSON.parse(readFileSync(path.join(RECORDINGS_DIR, file), 'utf8')) as Json;
  if (!isObject(value)) throw new Error(`recording ${file} is not a JSON object`);
  return value;
}

function pagesOf(body: JsonObject): JsonObject[] {
  const query = body.query;
  const pages = isObject(query) ? query.pages : undefined;
  const list = Array.isArray(pages) ? pages : isObject(pages) ? Object.values(pages) : [];
  return list.filter(isObject);
}

function loadRecordings(): Recordings {
  if (loaded) return loaded;
  const owners = new Map<string, string>();
  const files = new Map<string, JsonObject>();
  const addFile = (page: JsonObject, owner: string | undefined) => {
    if (typeof page.title !== 'string' || !Array.isArray(page.imageinfo)) return;
    const title = normalizeTitle(page.title);
    const { index: _index, ...withoutIndex } = page;
    const known = files.get(title);
    const info = (p: JsonObject) =>
      Array.isArray(p.imageinfo) && isObject(p.imageinfo[0]) ? p.imageinfo[0] : {};
    // Search recordings carry upload timestamps; prefer them over bare title lookups.
    if (
      !known ||
      (info(known).timestamp === undefined && info(withoutIndex).timestamp !== undefined)
    ) {
      files.set(title, withoutIndex);
    }
    if (owner && !owners.has(title)) owners.set(title, owner);
  };

  const commonsSearches = new Map<string, JsonObject[]>();
  for (const [name, pageFiles] of Object.entries(COMMONS_SEARCHES)) {
    const bodies = pageFiles.map(readRecording);
    commonsSearches.set(name, bodies);
    for (const body of bodies) for (const page of pagesOf(body)) addFile(page, name);
  }
  for (const file of COMMONS_IMAGEINFO_FILES)
    for (const page of pagesOf(readRecording(file))) addFile(page, undefined);

  const wikidataSearches = new Map<string, JsonObject>();
  for (const [name, file] of Object.entries(WIKIDATA_SEARCHES)) {
    const body = readRecording(file);
    wikidataSearches.set(name, body);
    for (const hit of Array.isArray(body.search) ? body.search : []) {
      if (isObject(hit) && typeof hit.id === 'string' && !owners.has(hit.id))
        owners.set(hit.id, name);
    }
  }

  const entities = new Map<string, JsonObject>();
  for (const file of readdirSync(RECORDINGS_DIR)
    .filter((f) => /^wikidata-entity-.*\.json$/.test(f))
    .sort()) {
    const body = readRecording(file);
    if (!isObject(body.entities)) continue;
    for (const [id, entity] of Object.entries(body.entities)) {
      if (!isObject(entity)) continue;
      entities.set(id, entity);
      const owner = owners.get(id);
      const claims = isObject(entity.claims) ? entity.claims : {};
      for (const statement of Array.isArray(claims.P154) ? claims.P154 : []) {
        const snak = isObject(statement) && isObject(statement.mainsnak) ? statement.mainsnak : {};
        const value = isObject(snak.datavalue) ? snak.datavalue.value : undefined;
        if (owner && typeof value === 'string' && !owners.has(normalizeTitle(value))) {
          owners.set(normalizeTitle(value), owner);
        }
      }
    }
  }

  const articles = new Map<string, string>();
  addCatalogue({ commonsSearches, wikidataSearches, entities, owners, articles, addFile });

  loaded = {
    commonsSearches,
    wikidataSearches,
    files,
    entities,
    articles,
    owners,
    emptySearch: readRecording('commons-search-empty.json'),
    missingParamError: readRecording('commons-error.json'),
    maxlagError: readRecording('commons-error-maxlag.json'),
  };
  return loaded;
}

/** MediaWiki title normalization for files: 'file:apple_logo.svg' → 'File:Apple logo.svg'. */
function normalizeTitle(title: string): string {
  const bare = title
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:file|image)\s*:\s*/i, '');
  return `File:${bare.charAt(0).toUpperCase()}${bare.slice(1)}`;
}

/** 'Google logo filetype:bitmap|drawing' → 'google': the words before 'logo', keywords removed. */
function searchName(gsrsearch: string): string {
  const words = gsrsearch
    .toLowerCase()
    .replace(/["']/g, ' ')
    .split(/\s+/)
    .filter((word) => word && !word.includes(':'));
  const logoAt = words.indexOf('logo');
  return (logoAt === -1 ? words : words.slice(0, logoAt)).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Answers in normal mode.

const IMAGEINFO_PROP_FIELDS: Record<string, string[]> = {
  timestamp: ['timestamp'],
  size: ['size', 'width', 'height', 'pagecount', 'duration'],
  dimensions: ['size', 'width', 'height', 'pagecount', 'duration'],
  url: [
    'thumburl',
    'thumbwidth',
    'thumbheight',
    'responsiveUrls',
    'thumberror',
    'url',
    'descriptionurl',
    'descriptionshorturl',
  ],
  mime: ['mime'],
  mediatype: ['mediatype'],
  extmetadata: ['extmetadata'],
};

/** Shapes a recorded page like the API would for these iiprop / iiextmetadatafilter values. */
function shapePage(page: JsonObject, params: Record<string, string>): JsonObject {
  if (!Array.isArray(page.imageinfo)) return page;
  const props = (params.iiprop ?? 'timestamp|user').split('|');
  const allowed = new Set(props.flatMap((p) => IMAGEINFO_PROP_FIELDS[p] ?? []));
  const metaFilter = params.iiextmetadatafilter
    ? new Set(params.iiextmetadatafilter.split('|'))
    : null;
  const imageinfo = page.imageinfo.filter(isObject).map((info) => {
    const shaped: JsonObject = {};
    for (const [key, value] of Object.entries(info)) {
      if (!allowed.has(key)) continue;
      if (key === 'extmetadata' && isObject(value) && metaFilter) {
        shaped[key] = Object.fromEntries(
          Object.entries(value).filter(([field]) => metaFilter.has(field)),
        );
      } else {
        shaped[key] = value;
      }
    }
    // Some recordings were made without iiprop=timestamp; the upload time is also in DateTime.
    if (allowed.has('timestamp') && shaped.timestamp === undefined) {
      const meta = isObject(info.extmetadata) ? info.extmetadata : {};
      const dateTime = isObject(meta.DateTime) ? meta.DateTime.value : undefined;
      if (typeof dateTime === 'string') shaped.timestamp = `${dateTime.replace(' ', 'T')}Z`;
    }
    return shaped;
  });
  return { ...page, imageinfo };
}

function commonsAnswer(params: Record<string, string>, data: Recordings): JsonObject {
  if (params.action !== 'query')
    return apiError(
      'badvalue',
      `Unrecognized value for parameter "action": ${params.action ?? ''}.`,
    );
  if (params.generator === 'search') {
    const gsrsearch = (params.gsrsearch ?? '').trim();
    if (!gsrsearch) return data.missingParamError;
    const limit = Math.max(1, Number(params.gsrlimit ?? '10') || 10);
    const page = Math.floor((Number(params.gsroffset ?? '0') || 0) / limit);
    const recorded = data.commonsSearches.get(searchName(gsrsearch))?.[page];
    if (!recorded) return data.emptySearch;
    const query = isObject(recorded.query) ? recorded.query : undefined;
    if (!query || !Array.isArray(query.pages)) return recorded;
    return {
      ...recorded,
      query: { ...query, pages: query.pages.filter(isObject).map((p) => shapePage(p, params)) },
    };
  }
  if (params.titles !== undefined) return titlesAnswer(params, data);
  return { batchcomplete: true };
}

function titlesAnswer(params: Record<string, string>, data: Recordings): JsonObject {
  const asked = params.titles!.split('|').filter((t) => t.trim() !== '');
  if (asked.length > 50)
    return apiError(
      'toomanyvalues',
      'Too many values supplied for parameter "titles". The limit is 50.',
    );
  const normalized: JsonObject[] = [];
  const missing: JsonObject[] = [];
  const found: JsonObject[] = [];
  const seen = new Set<string>();
  for (const title of asked) {
    const to = normalizeTitle(title);
    if (to !== title) normalized.push({ fromencoded: false, from: title, to });
    if (seen.has(to)) continue;
    seen.add(to);
    const file = data.files.get(to);
    if (file) found.push(shapePage(file, params));
    else missing.push({ ns: 6, title: to, missing: true, imagerepository: '' });
  }
  // Like the API: missing pages first, then by page id.
  found.sort((a, b) => Number(a.pageid ?? 0) - Number(b.pageid ?? 0));
  const query: JsonObject = { pages: [...missing, ...found] };
  if (normalized.length > 0) return { batchcomplete: true, query: { normalized, ...query } };
  return { batchcomplete: true, query };
}

function wikidataAnswer(params: Record<string, string>, data: Recordings): JsonObject {
  switch (params.action ?? '') {
    case 'wbsearchentities': {
      const search = params.search ?? '';
      if (!search.trim())
        return apiError('param-missing', 'The required parameter "search" is missing.');
      const recorded = data.wikidataSearches.get(search.trim().toLowerCase());
      return recorded ?? { searchinfo: { search }, search: [], success: 1 };
    }
    case 'wbgetentities': {
      if (params.sites !== undefined || params.titles !== undefined)
        return entitiesByArticle(params, data);
      const ids = (params.ids ?? '').split('|').filter(Boolean);
      if (ids.length === 0)
        return apiError(
          'param-missing',
          'Either provide the item "ids" or pairs of "sites" and "titles".',
        );
      const props = params.props ? new Set(params.props.split('|')) : null;
      const languages = params.languages ? new Set(params.languages.split('|')) : null;
      const entities: JsonObject = {};
      for (const id of ids) {
        const entity = data.entities.get(id);
        entities[id] = entity ? shapeEntity(entity, props, languages) : { id, missing: '' };
      }
      return { entities, success: 1 };
    }
    case 'wbgetclaims': {
      const entity = data.entities.get(params.entity ?? '');
      if (!entity)
        return apiError(
          'no-such-entity',
          `Could not find an entity with the ID "${params.entity ?? ''}".`,
        );
      const claims = isObject(entity.claims) ? entity.claims : {};
      const property = params.property;
      return {
        claims: property ? (claims[property] ? { [property]: claims[property] } : {}) : claims,
      };
    }
    default:
      return apiError(
        'badvalue',
        `Unrecognized value for parameter "action": ${params.action ?? ''}.`,
      );
  }
}

const ENTITY_INFO_KEYS = ['pageid', 'ns', 'title', 'lastrevid', 'modified'];

function shapeEntity(
  entity: JsonObject,
  props: Set<string> | null,
  languages: Set<string> | null,
): JsonObject {
  const shaped: JsonObject = {};
  for (const [key, value] of Object.entries(entity)) {
    if (key === 'type' || key === 'id') shaped[key] = value;
    else if (ENTITY_INFO_KEYS.includes(key)) {
      if (!props || props.has('info')) shaped[key] = value;
    } else if (!props || props.has(key)) {
      shaped[key] =
        languages && isObject(value) && ['labels', 'descriptions', 'aliases'].includes(key)
          ? Object.fromEntries(Object.entries(value).filter(([lang]) => languages.has(lang)))
          : value;
    }
  }
  return shaped;
}

function apiError(code: string, info: string): JsonObject {
  return {
    error: {
      code,
      info,
      docref:
        'See https://commons.wikimedia.org/w/api.php for API usage. Subscribe to the mediawiki-api-announce mailing list at &lt;https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/&gt; for notice of API deprecations and breaking changes.',
    },
    servedby: 'mw-api-fake.local',
  };
}

/** Which name a request is about, for per-name modes. */
function requestName(
  api: FakeApi,
  params: Record<string, string>,
  data: Recordings,
): string | undefined {
  if (api === 'commons') {
    if (params.gsrsearch !== undefined) return searchName(params.gsrsearch);
    const first = params.titles?.split('|')[0];
    return first ? data.owners.get(normalizeTitle(first)) : undefined;
  }
  if (params.action === 'wbsearchentities') return params.search?.trim().toLowerCase();
  if (params.titles !== undefined) {
    const first = params.titles.split('|')[0]?.trim().toLowerCase() ?? '';
    return data.owners.get(data.articles.get(first) ?? '');
  }
  const id = (params.ids ?? params.entity ?? '').split('|')[0] ?? '';
  return data.owners.get(id);
}

// ---------------------------------------------------------------------------------------------
// The generated catalogue (wikimedia-catalogue.ts) and look-ups by Wikipedia article (a wall).

/** Adds the catalogue's companies beside the recordings, and every item's article. */
function addCatalogue(into: {
  commonsSearches: Map<string, JsonObject[]>;
  wikidataSearches: Map<string, JsonObject>;
  entities: Map<string, JsonObject>;
  owners: Map<string, string>;
  articles: Map<string, string>;
  addFile: (page: JsonObject, owner: string | undefined) => void;
}) {
  for (const company of CATALOGUE_COMPANIES) {
    const name = company.label.toLowerCase();
    // A recorded company (its files, pairs and items as recorded) is never replaced by a generated one.
    if (into.commonsSearches.has(searchName(`${company.label} logo`)))
      throw new Error(`wikimedia-catalogue.ts: ${company.label} is recorded already`);
    const search = catalogueCommonsSearch(company);
    into.commonsSearches.set(searchName(`${company.label} logo`), [search]);
    for (const page of pagesOf(search)) into.addFile(page, name);
    into.wikidataSearches.set(name, catalogueWikidataSearch(company));
    into.entities.set(company.id, catalogueEntity(company));
    into.owners.set(company.id, name);
    into.articles.set(company.article.toLowerCase(), company.id);
  }
  for (const [article, id] of Object.entries(RECORDED_ARTICLES))
    into.articles.set(article.toLowerCase(), id);
}

/**
 * `wbgetentities&sites=enwiki&titles=A|B`: the items of those articles, keyed by id, with their
 * `sitelinks`; unknown titles as `-1`, `-2`… with `missing`. Titles match whatever their case,
 * standing in for the redirects English Wikipedia keeps for case variants ('Ikea' → 'IKEA').
 */
function entitiesByArticle(params: Record<string, string>, data: Recordings): JsonObject {
  if (params.sites !== 'enwiki' || !params.titles)
    return apiError(
      'param-missing',
      'Either provide the item "ids" or pairs of "sites" and "titles".',
    );
  const titles = params.titles.split('|').filter((t) => t.trim() !== '');
  if (titles.length > 50)
    return apiError(
      'toomanyvalues',
      'Too many values supplied for parameter "titles". The limit is 50.',
    );
  const props = params.props ? new Set(params.props.split('|')) : null;
  const languages = params.languages ? new Set(params.languages.split('|')) : null;
  const entities: JsonObject = {};
  let missing = 0;
  for (const title of titles) {
    const id = data.articles.get(title.replace(/_/g, ' ').trim().toLowerCase());
    const entity = id === undefined ? undefined : data.entities.get(id);
    if (!id || !entity) {
      missing += 1;
      entities[`-${missing}`] = { site: 'enwiki', title, missing: '' };
      continue;
    }
    const article = [...data.articles].find(([, q]) => q === id)?.[0] ?? title;
    const sitelinks = isObject(entity.sitelinks)
      ? entity.sitelinks
      : { enwiki: { site: 'enwiki', title: recordedArticle(id) ?? article, badges: [] } };
    entities[id] = shapeEntity({ ...entity, sitelinks }, props, languages);
  }
  return { entities, success: 1 };
}

function recordedArticle(id: string): string | undefined {
  return Object.entries(RECORDED_ARTICLES).find(([, q]) => q === id)?.[0];
}

// ---------------------------------------------------------------------------------------------
// The server.

const ERROR_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Wikimedia Error</title>
<script>document.title = 'should never be shown by WikiLogos';</script>
<style>body{font-family:sans-serif}</style></head>
<body><div class="content"><h1>Error</h1><p>Our servers are currently under maintenance or experiencing a technical issue. Please <a href="" title="Reload this page" onclick="window.location.reload(false)">try again</a> in a few minutes.</p></div></body></html>
`;

type ModeSlot = { mode: FakeMode; remaining: number | undefined };

const slot = (mode: FakeMode): ModeSlot => ({ mode, remaining: mode.times });

export type WikimediaFakeOptions = {
  /** Port of the main server (Commons, control API); 0 or absent for a free one. */
  port?: number;
  /** Port for Wikidata's separate host; absent for a free one, null to serve it from `port`. */
  wikidataPort?: number | null;
  host?: string;
};

export async function startWikimediaFake(
  options: WikimediaFakeOptions = {},
): Promise<WikimediaFake> {
  const data = loadRecordings();
  const host = options.host ?? '127.0.0.1';
  let globalSlot: ModeSlot | null = null;
  const apiSlots = new Map<FakeApi, ModeSlot>();
  const nameSlots = new Map<string, ModeSlot>();
  let latencyMs = 0;
  let log: FakeRequest[] = [];
  let fileLog: Array<{ path: string; status: number }> = [];
  let inFlight = 0;
  let peakInFlight = 0;
  const timers = new Set<NodeJS.Timeout>();

  const setMode = (mode: FakeMode) => {
    globalSlot = mode.kind === 'normal' && mode.times === undefined ? null : slot(mode);
  };
  const setApiMode = (api: FakeApi, mode: FakeMode | null) => {
    if (mode) apiSlots.set(api, slot(mode));
    else apiSlots.delete(api);
  };
  const setNameMode = (name: string, mode: FakeMode | null) => {
    const key = name.trim().toLowerCase();
    if (mode) nameSlots.set(key, slot(mode));
    else nameSlots.delete(key);
  };
  const resetRequests = () => {
    log = [];
    fileLog = [];
    peakInFlight = inFlight;
  };
  const reset = () => {
    globalSlot = null;
    apiSlots.clear();
    nameSlots.clear();
    latencyMs = 0;
    resetRequests();
  };

  function applyControl(control: FakeControl) {
    if (control.reset) reset();
    if (control.mode) setMode(control.mode);
    for (const [api, mode] of Object.entries(control.apis ?? {})) {
      if (mode !== undefined && (api === 'commons' || api === 'wikidata')) setApiMode(api, mode);
    }
    for (const [name, mode] of Object.entries(control.names ?? {})) setNameMode(name, mode);
    if (control.latencyMs !== undefined) latencyMs = control.latencyMs;
  }

  function controlState() {
    return {
      mode: globalSlot?.mode ?? { kind: 'normal' },
      apis: Object.fromEntries([...apiSlots].map(([api, s]) => [api, s.mode])),
      names: Object.fromEntries([...nameSlots].map(([name, s]) => [name, s.mode])),
      latencyMs,
    };
  }

  /** The mode for this request, most specific first; a `times` budget is used up here. */
  function takeMode(api: FakeApi, name: string | undefined): FakeMode {
    const candidates: Array<[ModeSlot | null | undefined, () => void]> = [
      [
        name === undefined ? undefined : nameSlots.get(name),
        () => name !== undefined && nameSlots.delete(name),
      ],
      [apiSlots.get(api), () => apiSlots.delete(api)],
      [globalSlot, () => (globalSlot = null)],
    ];
    for (const [current, remove] of candidates) {
      if (!current) continue;
      if (current.remaining !== undefined) {
        current.remaining -= 1;
        if (current.remaining <= 0) remove();
      }
      return current.mode;
    }
    return { kind: 'normal' };
  }

  function wait(ms: number, res: ServerResponse): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.off('close', done);
        resolve();
      }, ms);
      const done = () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve();
      };
      timers.add(timer);
      res.once('close', done);
    });
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string>,
  ) {
    if (res.destroyed || res.writableEnded) return;
    let payload: Buffer = Buffer.from(body, 'utf8');
    const out: Record<string, string> = { ...headers };
    if (payload.length > 512 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      payload = gzipSync(payload);
      out['Content-Encoding'] = 'gzip';
      out.Vary = 'Accept-Encoding';
    }
    out['Content-Length'] = String(payload.length);
    res.writeHead(status, out);
    res.end(payload);
  }

  const jsonHeaders = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'private, must-revalidate, max-age=0',
  };
  const htmlHeaders = { 'Content-Type': 'text/html; charset=utf-8' };

  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    api: FakeApi,
    params: Record<string, string>,
  ) {
    const headers: Record<string, string> = {};
    for (const name of RECORDED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const record: FakeRequest = { api, params, headers };
    log.push(record);
    const arrived = performance.now();
    (record as { arrivedAt?: number }).arrivedAt = arrived;
    res.once('finish', () => (record.heldMs = performance.now() - arrived));
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    res.once('close', () => (inFlight -= 1));

    const mode = takeMode(api, requestName(api, params, data));
    if (mode.kind === 'refuse') {
      req.socket.destroy();
      return;
    }
    await wait(latencyMs, res);
    if (mode.kind === 'slow') await wait(mode.delayMs, res);
    if (res.destroyed) return;

    const answer = () =>
      JSON.stringify(
        api === 'commons' ? commonsAnswer(params, data) : wikidataAnswer(params, data),
      );
    switch (mode.kind) {
      case 'normal':
      case 'slow':
        send(req, res, 200, answer(), jsonHeaders);
        return;
      case 'rate-limit':
        send(
          req,
          res,
          429,
          '<!DOCTYPE html><html><head><title>Too many requests</title></head><body><p>Too many requests (f061ab2)</p><p>Please respect our robot policy https://w.wiki/4wJS and the User-Agent policy.</p></body></html>\n',
          {
            ...htmlHeaders,
            'Retry-After': String(mode.retryAfterSeconds),
          },
        );
        return;
      case 'html':
        send(req, res, 200, ERROR_PAGE, htmlHeaders);
        return;
      case 'truncated': {
        const body = answer();
        // Chunked, ended cleanly: the connection is fine, the JSON is not.
        res.writeHead(200, jsonHeaders);
        res.end(body.slice(0, Math.max(1, Math.floor(body.length / 2))));
        return;
      }
      case 'api-error': {
        if (mode.code === 'maxlag') {
          send(req, res, 200, JSON.stringify(data.maxlagError), {
            ...jsonHeaders,
            'Retry-After': String(mode.retryAfterSeconds ?? 5),
            'X-Database-Lag': '6',
          });
        } else {
          send(req, res, 200, JSON.stringify(data.missingParamError), jsonHeaders);
        }
        return;
      }
      case 'server-error':
        send(req, res, 503, ERROR_PAGE, htmlHeaders);
        return;
      case 'client-error':
        send(req, res, mode.status ?? 400, ERROR_PAGE, htmlHeaders);
        return;
    }
  }

  /** A logo file as the file host serves it: the same bytes and ETag for the same path. */
  async function handleFile(req: IncomingMessage, res: ServerResponse, filePath: string) {
    const record = { path: filePath, status: 0 };
    fileLog.push(record);
    await wait(latencyMs, res);
    if (res.destroyed) return;
    const name = decodeURIComponent(filePath.split('/').pop() ?? 'logo.svg');
    const body =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><title>${name.replace(/[<>&]/g, '_')}</title>` +
      `<rect width="100" height="100" fill="#${createHash('sha1').update(name).digest('hex').slice(0, 6)}"/></svg>`;
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    const headers = { ETag: etag, 'Last-Modified': 'Mon, 03 Jun 2019 12:00:00 GMT' };
    record.status = req.headers['if-none-match'] === etag ? 304 : 200;
    if (record.status === 304) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    send(req, res, 200, body, { ...headers, 'Content-Type': 'image/svg+xml' });
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > 1_000_000) throw new Error('control body too large');
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const api = /^\/(commons|wikidata)\/w\/api\.php$/.exec(url.pathname)?.[1];
    if (api === 'commons' || api === 'wikidata') {
      await handleApi(req, res, api, Object.fromEntries(url.searchParams));
      return;
    }
    if (/^\/wikipedia\/commons\/.+\.svg$/.test(url.pathname) && req.method === 'GET') {
      await handleFile(req, res, url.pathname);
      return;
    }
    if (url.pathname === '/__control' && req.method === 'POST') {
      let parsed: ReturnType<typeof ControlSchema.safeParse>;
      try {
        parsed = ControlSchema.safeParse(JSON.parse((await readBody(req)) || '{}'));
      } catch {
        send(req, res, 400, JSON.stringify({ message: 'The body must be JSON.' }), jsonHeaders);
        return;
      }
      if (!parsed.success) {
        send(
          req,
          res,
          400,
          JSON.stringify({ message: z.prettifyError(parsed.error) }),
          jsonHeaders,
        );
        return;
      }
      applyControl(parsed.data);
      send(req, res, 200, JSON.stringify(controlState()), jsonHeaders);
      return;
    }
    if (url.pathname === '/__control' && req.method === 'GET') {
      send(req, res, 200, JSON.stringify(controlState()), jsonHeaders);
      return;
    }
    if (url.pathname === '/__requests' && req.method === 'GET') {
      send(
        req,
        res,
        200,
        JSON.stringify({ count: log.length, maxInFlight: peakInFlight, requests: log }),
        jsonHeaders,
      );
      return;
    }
    if (url.pathname === '/__health') {
      send(req, res, 200, 'ok\n', { 'Content-Type': 'text/plain; charset=utf-8' });
      return;
    }
    send(
      req,
      res,
      404,
      'Not found. Try /commons/w/api.php, /wikidata/w/api.php, /__control, /__requests.\n',
      {
        'Content-Type': 'text/plain; charset=utf-8',
      },
    );
  }

  async function listen(port: number): Promise<Server> {
    const server = createServer((req, res) => {
      handle(req, res).catch((err: unknown) => {
        if (!res.headersSent)
          send(req, res, 500, `fake failed: ${String(err)}\n`, { 'Content-Type': 'text/plain' });
        else res.destroy();
      });
    });
    // Keep-alive sockets must not hold close() up in tests.
    server.keepAliveTimeout = 1_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return server;
  }

  // Commons and Wikidata are different hosts in production, so the client keeps a breaker and a
  // queue per host. The fake gives Wikidata its own port to keep that true in tests; every port
  // serves every path, so a single-port setup works too.
  const servers = [await listen(options.port ?? 0)];
  if (options.wikidataPort !== null) servers.push(await listen(options.wikidataPort ?? 0));
  const baseOf = (server: Server) => `http://${host}:${(server.address() as AddressInfo).port}`;
  const base = baseOf(servers[0]!);
  const wikidataBase = baseOf(servers.at(-1)!);

  return {
    url: base,
    commonsApiUrl: `${base}/commons/w/api.php`,
    wikidataApiUrl: `${wikidataBase}/wikidata/w/api.php`,
    requests: () => log.map((r) => ({ ...r, params: { ...r.params }, headers: { ...r.headers } })),
    resetRequests,
    maxInFlight: () => peakInFlight,
    fileRequests: () => fileLog.map((r) => ({ ...r })),
    setMode,
    setApiMode,
    setNameMode,
    setLatency: (ms) => {
      latencyMs = Math.max(0, ms);
    },
    reset,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve, reject) => {
              server.close((err) => (err ? reject(err) : resolve()));
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------
// CLI: node tests/fakes/wikimedia-fake.ts --port 4100 [--wikidata-port 4101|same] [--latency 50]

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i !== -1) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main(args: string[]) {
  const port = Number(argValue(args, '--port') ?? process.env.PORT ?? '4100');
  const latency = Number(argValue(args, '--latency') ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0-65535, got ${port}`);
  const wikidataPortArg = argValue(args, '--wikidata-port');
  const fake = await startWikimediaFake({
    port,
    // --wikidata-port same: one port for both APIs (they then share the client's breaker and queue).
    wikidataPort: wikidataPortArg === 'same' ? null : Number(wikidataPortArg ?? '0'),
    host: argValue(args, '--host') ?? '127.0.0.1',
  });
  if (latency > 0) fake.setLatency(latency);
  console.log(`wikimedia fake listening on ${fake.url}`);
  console.log(`  COMMONS_API_URL=${fake.commonsApiUrl}`);
  console.log(`  WIKIDATA_API_URL=${fake.wikidataApiUrl}`);
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const invokedDirectly =
  import.meta.main === true ||
  (process.argv[1] !== undefined &&
    path.resolve(process.argv[1]) === fileURLToPath(import.meta.url));
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
