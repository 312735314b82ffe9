import { z } from 'zod';
import { fileTypeOfName, type Logo } from '#shared/search/search.schemas.ts';
import { getApi, WikimediaError } from '../wikimedia-client.ts';
import type { WikimediaClient } from '../wikimedia-client.ts';
import { compactKey } from '#shared/search/normalise-words.ts';
import { normalizeFileTitle } from './commons.ts';
import type { CommonsSource } from './commons.ts';
import { abortable } from '#server/lib/abortable.ts';
import { SourceUnavailableError } from './logo-source.ts';
import type {
  LogoSource,
  OfficialFile,
  OfficialItem,
  RunUpstream,
  SourceQuery,
  SourceResult,
} from './logo-source.ts';
import { websiteDomain, type TypedWebsite } from '#shared/search/website.ts';

/**
 * Official logos: the company's Wikidata item's P154 statements as Commons files. Precise where
 * Commons search is noisy, so they rank as 'official'.
 */

const UNAVAILABLE = 'Wikidata is not reachable right now';
const SEARCH_LIMIT = 7;
/** Candidates whose claims are fetched (in one wbgetentities call). */
const MAX_CANDIDATES = 4;
/** wbgetentities takes at most 50 ids, or 50 titles, per request. */
const MAX_PER_REQUEST = 50;
/**
 * A wall's names share requests: each reaches Wikidata after its own cache and database reads, so
 * a batch waits until every search has started and then no name came for the quiet time, or until
 * it is full. Meanwhile the wall's Commons searches keep its requests busy, so waiting costs
 * nothing; the longest wait only guards against a scope never told that its searches started.
 */
const BATCH_QUIET_MS = 50;
const BATCH_LONGEST_WAIT_MS = 5_000;
/** Characters MediaWiki titles cannot hold: such a name is only searched. */
const NOT_IN_TITLES = /[#<>[\]{}|]/;

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
      sitelinks: z.record(z.string(), z.looseObject({ title: z.string() })).optional(),
    }),
  ),
});
type Entity = z.infer<typeof EntitiesSchema>['entities'][string];

type Call = <T>(params: Record<string, string>, schema: z.ZodType<T>) => Promise<T>;

export type WikidataSource = LogoSource & {
  /**
   * Official files of the names asked within a moment of each other, looked up together through
   * `run` (a wall's scope): see `lookUpMany`.
   */
  batchOfficialFiles: (
    run: RunUpstream,
    started: Promise<void>,
  ) => (name: string) => Promise<OfficialItem>;
};

const WEBSITE_PROPERTY = 'P856';

export function createWikidataSource(deps: {
  client: WikimediaClient;
  apiUrl: string;
  commons: CommonsSource;
}): WikidataSource {
  const { client, commons } = deps;
  const api = { url: new URL(deps.apiUrl), name: 'Wikidata' };

  async function search({
    name,
    fileType,
    page,
    signal,
    scope,
  }: SourceQuery): Promise<SourceResult> {
    // One item has a handful of logos: everything fits on the first page.
    const term = name.trim();
    if (page > 0 || !term) return { logos: [], hasMore: false };
    try {
      const { id: wikidataId, files: allFiles } = scope?.officialFiles
        ? await abortable(scope.officialFiles(term), signal)
        : await officialFiles(term, signal, scope?.run);
      // The extension already tells a file's type: no need to look up files that will be filtered out.
      const files = allFiles.filter(
        // Unknown extensions are left to the MIME type Commons reports.
        (file) => !fileType || (fileTypeOfName(file.title) ?? fileType) === fileType,
      );
      if (files.length === 0) return { logos: [], hasMore: false };
      const titles = files.map((file) => file.title);
      // The same name's Commons search usually describes these files already.
      const infos = await commons.imageInfoByTitles(titles, signal, {
        searchedName: term,
        run: scope?.run,
      });
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
    run: RunUpstream | undefined,
  ): Promise<OfficialItem> {
    const call: Call = (params, schema) => {
      const request = () => getApi(client, api, params, schema, signal);
      return run ? run(request) : request();
    };
    const candidates = await searchCandidates(term, call);
    if (candidates.length === 0) return { id: null, files: [] };
    const entities = await entitiesOf(
      candidates.map((c) => c.id),
      call,
    );
    const chosen = chooseCandidate(candidates, entities);
    return chosen
      ? { id: chosen.id, files: officialFilesOf(chosen.claims) }
      : { id: null, files: [] };
  }

  /**
   * Many names in few requests (docs/decisions/046-logo-wall-resolve.md): the items of the names'
   * English Wikipedia articles first, 50 names a request, each kept when it is what `chooseItem`
   * prefers anyway (named as typed, a brand class, a logo); the other names are searched one by one
   * as a single search would, and their candidates' claims fetched together, 50 ids a request.
   */
  function lookUpMany(terms: string[], run: RunUpstream): Map<string, Promise<OfficialItem>> {
    // Each request answers many names: ahead of the wall's single-name requests. No caller signal:
    // the names share the request; each caller stops waiting on its own (`abortable`).
    const call: Call = (params, schema) =>
      run(() => getApi(client, api, params, schema), { first: true });
    const looked = (async () => {
      const byArticle = await itemsByArticle(terms, call);
      const rest = terms.filter((term) => !byArticle.has(term));
      const searched = await Promise.allSettled(rest.map((term) => searchCandidates(term, call)));
      const candidates = new Map<string, Candidate[] | { failed: unknown }>();
      rest.forEach((term, i) => {
        const outcome = searched[i]!;
        candidates.set(
          term,
          outcome.status === 'fulfilled' ? outcome.value : { failed: outcome.reason },
        );
      });
      const ids = [...candidates.values()]
        .flatMap((c) => (Array.isArray(c) ? c : []))
        .map((c) => c.id);
      const entities = await entitiesOf([...new Set(ids)], call);
      return { byArticle, candidates, entities };
    })();
    // Every name's answer is listened to; the shared failure reaches each of them.
    return new Map(
      terms.map((term) => [
        term,
        looked.then(({ byArticle, candidates, entities }) => {
          const item = byArticle.get(term);
          if (item) return { id: item.id, files: officialFilesOf(item.claims) };
          const found = candidates.get(term) ?? [];
          if (!Array.isArray(found)) throw found.failed;
          const chosen = chooseCandidate(found, entities);
          return chosen
            ? { id: chosen.id, files: officialFilesOf(chosen.claims) }
            : { id: null, files: [] };
        }),
      ]),
    );
  }

  function batchOfficialFiles(run: RunUpstream, started: Promise<void>) {
    type Waiting = {
      term: string;
      resolve: (item: OfficialItem) => void;
      reject: (err: unknown) => void;
    };
    let waiting: Waiting[] = [];
    let timer: NodeJS.Timeout | undefined;
    let firstAt = 0;
    let allStarted = false;
    void started.then(() => {
      allStarted = true;
      if (waiting.length > 0) wait();
    });
    /** Flushes after the quiet time, or at once when the batch is full or waited long enough. */
    const wait = () => {
      clearTimeout(timer);
      const waited = performance.now() - firstAt;
      if (waiting.length >= MAX_PER_REQUEST || waited >= BATCH_LONGEST_WAIT_MS) flush();
      else if (allStarted) timer = setTimeout(flush, BATCH_QUIET_MS);
      else timer = setTimeout(flush, BATCH_LONGEST_WAIT_MS - waited);
    };
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      const batch = waiting;
      waiting = [];
      const answers = lookUpMany([...new Set(batch.map((w) => w.term))], run);
      for (const { term, resolve, reject } of batch) answers.get(term)!.then(resolve, reject);
    };
    return (name: string) =>
      new Promise<OfficialItem>((resolve, reject) => {
        if (waiting.length === 0) firstAt = performance.now();
        waiting.push({ term: name.trim(), resolve, reject });
        wait();
      });
  }

  return { name: 'wikidata', search, batchOfficialFiles };
}

/** Wikidata's search for `term`, its hits ranked and cut to the candidates worth fetching. */
async function searchCandidates(term: string, call: Call): Promise<Candidate[]> {
  const found = await call(
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
  return rankCandidates(found.search, term);
}

/** The claims of these items, 50 a request. */
async function entitiesOf(ids: string[], call: Call): Promise<Entities> {
  const answers = await Promise.all(
    chunks(ids, MAX_PER_REQUEST).map((batch) =>
      call(
        {
          action: 'wbgetentities',
          ids: batch.join('|'),
          props: 'claims|labels|descriptions',
          languages: 'en',
        },
        EntitiesSchema,
      ),
    ),
  );
  return Object.assign({}, ...answers.map((answer) => answer.entities)) as Entities;
}

/**
 * The items of the names' English Wikipedia articles ('stripe' → the article 'Stripe'; redirects
 * followed), kept only where `chooseItem` would take them first: named as typed, a brand class,
 * a logo. 'apple' is the fruit's article: no logo, so the name is searched instead.
 */
async function itemsByArticle(
  terms: string[],
  call: Call,
): Promise<Map<string, { id: string; claims: Claims }>> {
  const found = new Map<string, { id: string; claims: Claims }>();
  const titled = terms.filter((term) => !NOT_IN_TITLES.test(term));
  await Promise.all(
    chunks(titled, MAX_PER_REQUEST).map(async (batch) => {
      const { entities } = await call(
        {
          action: 'wbgetentities',
          sites: 'enwiki',
          titles: batch.map(articleTitle).join('|'),
          props: 'claims|labels|descriptions|sitelinks',
          sitefilter: 'enwiki',
          languages: 'en',
        },
        EntitiesSchema,
      );
      for (const entity of Object.values(entities)) {
        if (entity.missing !== undefined || !entity.id || !entity.claims) continue;
        const article = entity.sitelinks?.enwiki?.title ?? '';
        const label = entity.labels?.en?.value;
        // Redirects are followed without saying from where: the article or label names the name.
        const term = batch.find(
          (t) =>
            !found.has(t) &&
            [article, label ?? ''].some((text) => text && compactKey(text) === compactKey(t)),
        );
        if (!term) continue;
        const hit = {
          id: entity.id,
          label,
          description: entity.descriptions?.en?.value,
          aliases: [article],
        };
        const [candidate] = rankCandidates([hit], term);
        const claims = entity.claims;
        if (candidate?.named && logoStatements(claims).length > 0 && brandLike(claims))
          found.set(term, { id: entity.id, claims });
      }
    }),
  );
  return found;
}

/** 'coca-cola company' → 'Coca-cola Company': article titles start words in capitals more often than not. */
function articleTitle(term: string): string {
  return term.replace(
    /(^|\s)(\p{Ll})/gu,
    (_match, space: string, letter: string) => space + letter.toUpperCase(),
  );
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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

function brandLike(claims: Claims): boolean {
  return instanceOf(claims).some((cls) => BRAND_CLASSES.has(cls));
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
