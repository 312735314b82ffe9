import { z } from 'zod';
import { fileTypeOfName, type Logo } from '#shared/search/search.schemas.ts';
import { getApi, WikimediaError } from '../wikimedia-client.ts';
import type { WikimediaClient } from '../wikimedia-client.ts';
import { compactKey } from '#shared/search/normalise-words.ts';
import { normalizeFileTitle } from './commons.ts';
import type { CommonsSource } from './commons.ts';
import { SourceUnavailableError } from './logo-source.ts';
import { websiteDomain, type TypedWebsite } from '../website.ts';
import type { LogoSource, SourceQuery, SourceResult } from './logo-source.ts';

/**
 * Official logos: the company's Wikidata item's P154 statements as Commons files. Precise where
 * Commons search is noisy, so they rank as 'official'.
 */

const UNAVAILABLE = 'Wikidata is not reachable right now';
const SEARCH_LIMIT = 7;
/** Candidates whose claims are fetched (in one wbgetentities call). */
const MAX_CANDIDATES = 4;

const LOGO_PROPERTY = 'P154';
const INSTANCE_OF = 'P31';
const END_TIME = 'P582';
const START_TIME = 'P580';

/**
 * P31 classes of things with a brand: organisations, and products and services people want logos
 * of. Ids from Wikidata's class tree (verify when extending).
 */
const BRAND_CLASSES = new Set([
  'Q4830453', // business
  'Q783794', // company
  'Q891723', // public company
  'Q6881511', // enterprise
  'Q167037', // corporation
  'Q43229', // organization
  'Q163740', // nonprofit organization
  'Q157031', // foundation
  'Q431289', // brand
  'Q1058914', // software company
  'Q18388277', // technology company
  'Q21980538', // commercial organization
  'Q219577', // holding company
  'Q4182287', // conglomerate
  'Q1331793', // media company
  'Q1616075', // television station
  'Q2085381', // publisher
  'Q46970', // airline
  'Q22687', // bank
  'Q786820', // automobile manufacturer
  'Q210167', // video game developer
  'Q35127', // website
  'Q1153191', // online service
  'Q193424', // web service
  'Q7397', // software
  'Q15416', // television program
  'Q14827288', // Wikimedia project
  'Q15590336', // music streaming service
  'Q1194970', // video on demand service
]);

/** Description words that point at a company or product… */
const BRAND_WORDS =
  /\b(compan(y|ies)|corporation|business|brand|organi[sz]ation|manufacturer|maker|developer|publisher|retailer|software|website|web ?site|service|platform|enterprise|conglomerate|firm|startup|foundation|non-?profit|airline|bank|broadcaster|network|studio|label|encyclopedia|browser|app(lication)?|search engine|social (media|network)|streaming|operator|provider|chain|group|multinational|subsidiary)\b/i;
/** …and words that point away from one (the fruit, a person, a disambiguation page). */
const NON_BRAND_WORDS =
  /\b(fruit|tree|plant|species|genus|animal|person|human|given name|family name|surname|disambiguation|wikimedia (disambiguation|list|category)|album|song|single|film|novel|river|lake|mountain|village|town|city|municipality|commune|human settlement|asteroid|chemical|protein|gene|painting|character|episode)\b/i;

const SearchSchema = z.looseObject({
  search: z.array(
    z.looseObject({
      id: z.string(),
      label: z.string().optional(),
      description: z.string().optional(),
      aliases: z.array(z.string()).optional(),
      /** What the search matched: the item's label or one of its aliases, and that text. */
      match: z.looseObject({ type: z.string(), text: z.string() }).optional(),
    }),
  ),
});

const SnakSchema = z.looseObject({
  snaktype: z.string(),
  datavalue: z.looseObject({ value: z.unknown() }).optional(),
});
const StatementSchema = z.looseObject({
  mainsnak: SnakSchema,
  rank: z.string().optional(),
  qualifiers: z.record(z.string(), z.array(SnakSchema)).optional(),
});
type Statement = z.infer<typeof StatementSchema>;
const TermsSchema = z.record(z.string(), z.looseObject({ value: z.string() })).optional();
const EntitiesSchema = z.looseObject({
  entities: z.record(
    z.string(),
    z.looseObject({
      id: z.string().optional(),
      missing: z.unknown().optional(),
      claims: z.record(z.string(), z.array(z.unknown())).optional(),
      labels: TermsSchema,
      descriptions: TermsSchema,
    }),
  ),
});
type Entity = z.infer<typeof EntitiesSchema>['entities'][string];

type OfficialFile = { title: string; historical: boolean };

const WEBSITE_PROPERTY = 'P856';

export function createWikidataSource(deps: {
  client: WikimediaClient;
  apiUrl: string;
  commons: CommonsSource;
}): LogoSource {
  const { client, commons } = deps;
  const api = { url: new URL(deps.apiUrl), name: 'Wikidata' };

  async function search({ name, fileType, page, signal }: SourceQuery): Promise<SourceResult> {
    // One item has a handful of logos: everything fits on the first page.
    const term = name.trim();
    if (page > 0 || !term) return { logos: [], hasMore: false };
    try {
      // The extension already tells a file's type: no need to look up files that will be filtered out.
      const { id: wikidataId, files: allFiles } = await officialFiles(term, signal);
      const files = allFiles.filter(
        // Unknown extensions are left to the MIME type Commons reports.
        (file) => !fileType || (fileTypeOfName(file.title) ?? fileType) === fileType,
      );
      if (files.length === 0) return { logos: [], hasMore: false };
      const titles = files.map((file) => file.title);
      // The same name's Commons search usually describes these files already.
      const infos = await commons.imageInfoByTitles(titles, signal, { searchedName: term });
      const logos = new Map<string, Logo>();
      for (const file of files) {
        const info = infos.get(file.title);
        if (!info || logos.has(info.url)) continue; // deleted or not an image WikiLogos shows
        if (fileType && info.fileType !== fileType) continue;
        const { historical } = file;
        logos.set(info.url, {
          ...info,
          source: 'wikidata',
          official: true,
          historical,
          searchTerm: name,
          wikidataId,
        });
      }
      return { logos: [...logos.values()], hasMore: false };
    } catch (err) {
      if (err instanceof WikimediaError || err instanceof SourceUnavailableError) {
        throw new SourceUnavailableError('wikidata', UNAVAILABLE, { cause: err });
      }
      throw err;
    }
  }

  /** The chosen item's P154 files, current before historical, as normalized Commons titles. */
  async function officialFiles(
    term: string,
    signal: AbortSignal,
  ): Promise<{ id: string | null; files: OfficialFile[] }> {
    const query = <T>(params: Record<string, string>, schema: z.ZodType<T>) =>
      getApi(client, api, params, schema, signal);
    const found = await query(
      {
        action: 'wbsearchentities',
        search: term,
        language: 'en',
        uselang: 'en',
        type: 'item',
        limit: String(SEARCH_LIMIT),
      },
      SearchSchema,
    );
    const candidates = rankCandidates(found.search, term);
    if (candidates.length === 0) return { id: null, files: [] };

    const { entities } = await query(
      {
        action: 'wbgetentities',
        ids: candidates.map((c) => c.id).join('|'),
        props: 'claims|labels|descriptions',
        languages: 'en',
      },
      EntitiesSchema,
    );
    const chosen = chooseCandidate(candidates, entities);
    return chosen
      ? { id: chosen.id, files: officialFilesOf(chosen.claims) }
      : { id: null, files: [] };
  }

  return { name: 'wikidata', search };
}

/**
 * `named`: the hit's label or an alias is what was typed ('pepsi' names Pepsi, not PepsiCo);
 * `score`: how much its description sounds like a brand; `rank`: Wikidata's order.
 */
type Candidate = { id: string; named: boolean; score: number; rank: number };
type Hit = z.infer<typeof SearchSchema>['search'][number];
type Claims = Record<string, unknown[]>;
type Entities = Record<string, { id?: string | undefined; claims?: Claims | undefined }>;

/**
 * The claims of the candidate whose logos to show, among those with a logo (P154), in this order
 * (docs/product.md#result-ranking): the item named as typed with a brand-like class; any item
 * named as typed; a brand-like class; a description that says "company"; else null. Naming beats
 * a better description: 'pepsi' means the drink, not its maker PepsiCo or its sibling Pepsi Max.
 */
export function chooseItem(candidates: Candidate[], entities: Entities): Claims | null {
  return chooseCandidate(candidates, entities)?.claims ?? null;
}

function chooseCandidate(
  candidates: Candidate[],
  entities: Entities,
): { id: string; claims: Claims } | null {
  // Entities are keyed by the requested id (redirects keep the key), but read defensively.
  const claimsOf = (id: string) =>
    (entities[id] ?? Object.values(entities).find((e) => e.id === id))?.claims ?? {};
  const withLogo = candidates
    .map((candidate) => ({ candidate, claims: claimsOf(candidate.id) }))
    .filter(({ claims }) => logoStatements(claims).length > 0);
  const brandLike = (claims: Claims) => instanceOf(claims).some((cls) => BRAND_CLASSES.has(cls));
  const chosen =
    withLogo.find(({ candidate, claims }) => candidate.named && brandLike(claims)) ??
    withLogo.find(({ candidate }) => candidate.named) ??
    withLogo.find(({ claims }) => brandLike(claims)) ??
    withLogo.find(({ candidate }) => candidate.score > 0);
  return chosen ? { id: chosen.candidate.id, claims: chosen.claims } : null;
}

/** Whether the hit's label or one of its aliases is `term` ('Pepsi Cola' names 'Pepsi-Cola'). */
function namesTerm(hit: Hit, term: string): boolean {
  const key = compactKey(term);
  if (!key) return false;
  // `match` says which label or alias the search matched; the search is by prefix, so 'pepsi'
  // also matches the label 'PepsiCo': only a whole match names the item.
  if (hit.match && (hit.match.type === 'label' || hit.match.type === 'alias')) {
    if (compactKey(hit.match.text) === key) return true;
  }
  return [hit.label ?? '', ...(hit.aliases ?? [])].some((text) => compactKey(text) === key);
}

/**
 * Hits most likely the brand first: the ones named as typed, then by description ('Apple' finds
 * the fruit before Apple Inc.: the description tells them apart), then Wikidata's order; clearly
 * unrelated hits are dropped, even when named as typed.
 */
export function rankCandidates(hits: Hit[], term: string): Candidate[] {
  return hits
    .filter((hit) => /^Q\d+$/.test(hit.id))
    .map((hit, rank) => {
      const description = hit.description ?? '';
      const score =
        (BRAND_WORDS.test(description) ? 1 : 0) - (NON_BRAND_WORDS.test(description) ? 2 : 0);
      return { id: hit.id, named: namesTerm(hit, term), score, rank };
    })
    .filter((c) => c.score >= 0)
    .sort((a, b) => Number(b.named) - Number(a.named) || b.score - a.score || a.rank - b.rank)
    .slice(0, MAX_CANDIDATES);
}

function statements(claims: Claims, property: string): Statement[] {
  return (claims[property] ?? []).flatMap((raw) => {
    const parsed = StatementSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

function logoStatements(claims: Claims): Array<{ statement: Statement; file: string }> {
  return statements(claims, LOGO_PROPERTY).flatMap((statement) => {
    const value = statement.mainsnak.datavalue?.value;
    // 'somevalue'/'novalue' snaks carry no file; deprecated statements are known to be wrong.
    if (statement.mainsnak.snaktype !== 'value' || typeof value !== 'string' || !value.trim())
      return [];
    if (statement.rank === 'deprecated') return [];
    return [{ statement, file: value }];
  });
}

function instanceOf(claims: Claims): string[] {
  return statements(claims, INSTANCE_OF).flatMap((statement) => {
    const value = statement.mainsnak.datavalue?.value;
    const id = typeof value === 'object' && value !== null && 'id' in value ? value.id : undefined;
    return typeof id === 'string' && statement.rank !== 'deprecated' ? [id] : [];
  });
}

/** One P154 statement: its file, when it was used (as precise as Wikidata says), whether current. */
export type LogoPeriodFile = {
  title: string;
  historical: boolean;
  /** '1987', '2012-08' or '2012-08-23'; null when Wikidata gives no date. */
  start: string | null;
  end: string | null;
};

/**
 * Current logos before former ones, then Wikidata's order. Rank decides what is current
 * (docs/product.md#result-ranking): when a preferred statement exists it is the current logo and
 * normal-rank ones are former, even without an end time; otherwise every logo without an end
 * time is current. Former ones most recently used first: by end time, else start time.
 */
export function officialFilesOf(claims: Claims): OfficialFile[] {
  return logoHistoryOf(claims).map(({ title, historical }) => ({ title, historical }));
}

/** The item's logos over time, newest first, in the order `officialFilesOf` gives. */
export function logoHistoryOf(claims: Claims): LogoPeriodFile[] {
  const endsOf = (statement: Statement) =>
    (statement.qualifiers?.[END_TIME] ?? []).filter((snak) => snak.snaktype !== 'novalue');
  const logos = logoStatements(claims);
  // A preferred logo that has itself ended (inconsistent data) demotes nothing.
  const hasCurrentPreferred = logos.some(
    ({ statement }) => statement.rank === 'preferred' && endsOf(statement).length === 0,
  );
  const seen = new Set<string>();
  return logos
    .map(({ statement, file }, position) => {
      const ended = endsOf(statement);
      const preferred = statement.rank === 'preferred';
      const historical = ended.length > 0 || (hasCurrentPreferred && !preferred);
      const starts = statement.qualifiers?.[START_TIME] ?? [];
      const started = timeOf(starts);
      return {
        title: normalizeFileTitle(file),
        historical,
        start: dateOf(starts),
        end: dateOf(ended),
        preferred,
        sortTime: ended.length > 0 ? timeOf(ended) || started : started,
        position,
      };
    })
    .sort(
      (a, b) =>
        Number(a.historical) - Number(b.historical) ||
        Number(b.preferred) - Number(a.preferred) ||
        (a.historical ? b.sortTime - a.sortTime : 0) ||
        a.position - b.position,
    )
    .filter(({ title }) => !seen.has(title) && seen.add(title))
    .map(({ title, historical, start, end }) => ({ title, historical, start, end }));
}

/**
 * A time qualifier as precise as it was entered: precision 9 is a year ('1987'), 10 a month
 * ('2012-08'), 11 a day ('2012-08-23'); years before 1 and coarser precisions are left out.
 */
function dateOf(snaks: Array<z.infer<typeof SnakSchema>>): string | null {
  for (const snak of snaks) {
    const value = snak.datavalue?.value;
    if (typeof value !== 'object' || value === null) continue;
    const time = 'time' in value && typeof value.time === 'string' ? value.time : '';
    const precision =
      'precision' in value && typeof value.precision === 'number' ? value.precision : 0;
    const parts = /^\+(\d{4,})-(\d\d)-(\d\d)T/.exec(time);
    if (!parts || precision < 9) continue;
    const [, year = '', month = '', day = ''] = parts;
    const y = year.replace(/^0+(?=\d{4})/, '');
    if (precision === 9 || month === '00') return y;
    if (precision === 10 || day === '00') return `${y}-${month}`;
    return `${y}-${month}-${day}`;
  }
  return null;
}

/** The year of a time qualifier ('+1998-00-00T00:00:00Z' → 1998), for ordering only. */
function timeOf(snaks: Array<z.infer<typeof SnakSchema>>): number {
  for (const snak of snaks) {
    const value = snak.datavalue?.value;
    const time =
      typeof value === 'object' && value !== null && 'time' in value ? value.time : undefined;
    const year = typeof time === 'string' ? /^([+-]\d+)-/.exec(time)?.[1] : undefined;
    if (year) return Number(year);
  }
  return 0;
}

/** An item as the company page shows it (docs/product.md#logo-history). */
export type WikidataItem = {
  id: string;
  name: string;
  description: string | null;
  /** Its official website (P856), an http(s) address; null when it has none. */
  website: string | null;
  history: LogoPeriodFile[];
};

/** A company found by its website: its item and English name. */
export type WebsiteCompany = { id: string; name: string };

/** Candidates whose official website is compared with a typed one (one wbgetentities call). */
const WEBSITE_CANDIDATES = 10;

/**
 * Items read by id (the company page) and found by their official website (search by website):
 * the same API and rules as the source, one item at a time.
 */
export function createWikidataItems(deps: { client: WikimediaClient; apiUrl: string }) {
  const api = { url: new URL(deps.apiUrl), name: 'Wikidata' };
  const query = <T>(params: Record<string, string>, schema: z.ZodType<T>, signal: AbortSignal) =>
    getApi(deps.client, api, params, schema, signal);
  const entities = (ids: string[], signal: AbortSignal) =>
    query(
      {
        action: 'wbgetentities',
        ids: ids.join('|'),
        props: 'claims|labels|descriptions',
        languages: 'en',
      },
      EntitiesSchema,
      signal,
    );

  /** The item, or null when Wikidata has no item with this id. Throws WikimediaError. */
  async function getItem(id: string, signal: AbortSignal): Promise<WikidataItem | null> {
    const found = await entities([id], signal);
    const entity = found.entities[id] ?? Object.values(found.entities).find((e) => e.id === id);
    if (!entity || entity.missing !== undefined) return null;
    const claims = entity.claims ?? {};
    return {
      id: entity.id ?? id,
      name: nameOf(entity) ?? id,
      description: entity.descriptions?.en?.value ?? null,
      website: officialWebsites(claims)[0] ?? null,
      history: logoHistoryOf(claims),
    };
  }

  /**
   * The item whose official website is `site`'s domain (www. and the path ignored), among those
   * Wikidata's search finds for its label; one with a logo before one without. Throws WikimediaError.
   */
  async function findByWebsite(
    site: TypedWebsite,
    signal: AbortSignal,
  ): Promise<WebsiteCompany | null> {
    const found = await query(
      {
        action: 'wbsearchentities',
        search: site.label,
        language: 'en',
        uselang: 'en',
        type: 'item',
        limit: String(WEBSITE_CANDIDATES),
      },
      SearchSchema,
      signal,
    );
    const ids = found.search.map((hit) => hit.id).filter((id) => /^Q\d+$/.test(id));
    if (ids.length === 0) return null;
    const items = await entities(ids, signal);
    const matching = ids.flatMap((id) => {
      const entity = items.entities[id];
      const claims = entity?.claims ?? {};
      const matches = officialWebsites(claims).some(
        (address) => websiteDomain(address) === site.domain,
      );
      return entity && matches
        ? [{ id, name: nameOf(entity) ?? id, hasLogo: logoStatements(claims).length > 0 }]
        : [];
    });
    const chosen = matching.find((item) => item.hasLogo) ?? matching[0];
    return chosen ? { id: chosen.id, name: chosen.name } : null;
  }

  /** Wikidata failing is the source being unavailable, as for the search. */
  const unavailable = (err: unknown): never => {
    if (err instanceof WikimediaError)
      throw new SourceUnavailableError('wikidata', UNAVAILABLE, { cause: err });
    throw err;
  };
  return {
    getItem: (id: string, signal: AbortSignal) => getItem(id, signal).catch(unavailable),
    findByWebsite: (site: TypedWebsite, signal: AbortSignal) =>
      findByWebsite(site, signal).catch(unavailable),
  };
}

export type WikidataItems = ReturnType<typeof createWikidataItems>;

function nameOf(entity: Entity): string | null {
  return entity.labels?.en?.value ?? Object.values(entity.labels ?? {})[0]?.value ?? null;
}

/** P856 values that are http(s) addresses, preferred rank first, deprecated ones left out. */
function officialWebsites(claims: Claims): string[] {
  return statements(claims, WEBSITE_PROPERTY)
    .filter(
      (statement) => statement.rank !== 'deprecated' && statement.mainsnak.snaktype === 'value',
    )
    .sort((a, b) => Number(b.rank === 'preferred') - Number(a.rank === 'preferred'))
    .flatMap((statement) => {
      const value = statement.mainsnak.datavalue?.value;
      return typeof value === 'string' && websiteDomain(value) !== null ? [value] : [];
    });
}
