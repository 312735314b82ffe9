import { describe, expect, it, vi } from 'vitest';
import { SearchResultSchema, type Logo } from '#shared/search/search.schemas.ts';
import { testLogo } from '#tests/fixtures/logo.fixture.ts';
import { createSearchCache } from './search-cache.ts';
import {
  COMMONS_UNAVAILABLE,
  COMMONS_UNAVAILABLE_WITH_CATALOGUE,
  WIKIDATA_UNAVAILABLE,
  createSearchService,
  dedupe,
  interleave,
} from './search.service.ts';
import {
  SourceUnavailableError,
  type LogoSource,
  type SourceQuery,
  type SourceResult,
} from './sources/logo-source.ts';
import { createSimpleIconsSource } from './sources/simple-icons.ts';

type Handler = (query: SourceQuery) => Promise<SourceResult> | SourceResult;

function source(name: LogoSource['name'], handler: Handler) {
  const calls: SourceQuery[] = [];
  const src: LogoSource & { calls: SourceQuery[] } = {
    name,
    calls,
    search: async (query) => {
      calls.push(query);
      return handler(query);
    },
  };
  return src;
}

/** A Commons stand-in: '<name> logo.svg' and friends, `perPage` per page, `pages` pages. */
function fakeCommons(pages = 2, perPage = 3) {
  return source('commons', ({ name, page }) => ({
    logos: Array.from({ length: perPage }, (_, i) =>
      testLogo({ title: `${name} logo ${page}-${i}.svg` }),
    ),
    hasMore: page + 1 < pages,
  }));
}

function fakeWikidata(files: Record<string, string>) {
  return source('wikidata', ({ name }) => ({
    logos: files[name.toLowerCase()]
      ? [testLogo({ title: files[name.toLowerCase()]!, source: 'wikidata', official: true })]
      : [],
    hasMore: false,
  }));
}

const never: Handler = () => new Promise<never>(() => {});
const failing: Handler = () => {
  throw new SourceUnavailableError('commons', 'HTTP 503');
};

function service(sources: LogoSource[], options: { timeBudgetMs?: number } = {}) {
  const log = { warn: vi.fn(), error: vi.fn() };
  const cache = createSearchCache<SourceResult>({ parse: (v) => v as SourceResult });
  return { log, ...createSearchService({ sources, cache, log, ...options }) };
}

const titles = (logos: Logo[]) => logos.map((l) => l.title);

describe('search service', () => {
  it('merges every source per name: official logo first, Commons logos, catalogue icons', async () => {
    const { search } = service([
      fakeCommons(),
      fakeWikidata({ github: 'GitHub official logo.svg' }),
      createSimpleIconsSource(),
    ]);
    const result = await search({ q: 'GitHub', fileType: null, page: 0 });
    expect(SearchResultSchema.parse(result)).toEqual(result);
    expect(result.logos[0]).toMatchObject({ title: 'GitHub official logo.svg', official: true });
    expect(titles(result.logos).slice(1, 4)).toEqual([
      'GitHub logo 0-0.svg',
      'GitHub logo 0-1.svg',
      'GitHub logo 0-2.svg',
    ]);
    expect(result.logos[4]).toMatchObject({ title: 'GitHub', source: 'simple-icons' });
    expect(result.logos.every((l) => l.searchTerm === 'GitHub')).toBe(true);
    expect(result.warnings).toBeUndefined();
    expect(result).toMatchObject({ page: 0, hasMore: true });
  });

  it("pairs the light and dark versions among one name's results, never across names", async () => {
    const commons = source('commons', ({ name }) => ({
      logos: ['logo', 'logo white', 'Maps logo white'].map((rest) =>
        testLogo({ title: `${name} ${rest}` }),
      ),
      hasMore: false,
    }));
    const { search } = service([commons]);
    const result = await search({ q: 'Acme, Globex', fileType: null, page: 0 });
    expect(SearchResultSchema.parse(result)).toEqual(result);
    const variantTitles = result.logos.map((logo) => [
      logo.title,
      logo.variants?.light?.title,
      logo.variants?.dark?.title,
    ]);
    expect(variantTitles).toEqual([
      ['Acme logo', 'Acme logo', 'Acme logo white'],
      ['Globex logo', 'Globex logo', 'Globex logo white'],
      ['Acme logo white', 'Acme logo', 'Acme logo white'],
      ['Globex logo white', 'Globex logo', 'Globex logo white'],
      ['Acme Maps logo white', undefined, undefined],
      ['Globex Maps logo white', undefined, undefined],
    ]);
  });

  it('answers within its time budget when a source never does, with a warning', async () => {
    const commons = source('commons', never);
    const { search, log } = service([commons, createSimpleIconsSource()], { timeBudgetMs: 30 });
    const result = await search({ q: 'spotify', fileType: null, page: 0 });
    expect(titles(result.logos)).toEqual(['Spotify']);
    expect(result.warnings).toEqual([COMMONS_UNAVAILABLE_WITH_CATALOGUE]);
    expect(result.hasMore).toBe(false);
    // The source was told to stop.
    expect(commons.calls[0]?.signal.aborted).toBe(true);
    expect(log.warn).toHaveBeenCalled();
  });

  it('warns once per failed source, whatever the number of names', async () => {
    const { search } = service([
      source('commons', failing),
      source('wikidata', () => {
        throw new SourceUnavailableError('wikidata', 'timeout');
      }),
      createSimpleIconsSource(),
    ]);
    const result = await search({ q: 'github, spotify, netflix', fileType: null, page: 0 });
    expect(result.warnings).toEqual([COMMONS_UNAVAILABLE_WITH_CATALOGUE, WIKIDATA_UNAVAILABLE]);
    expect(titles(result.logos).slice(0, 3)).toEqual(['GitHub', 'Spotify', 'Netflix']);
  });

  it('without the offline catalogue, says it shows what it could get', async () => {
    const { search } = service([
      source('commons', failing),
      fakeWikidata({ apple: 'Apple logo black.svg' }),
    ]);
    const result = await search({ q: 'apple', fileType: null, page: 0 });
    expect(result.warnings).toEqual([COMMONS_UNAVAILABLE]);
    expect(titles(result.logos)).toEqual(['Apple logo black.svg']);
  });

  it('treats an unexpected error like an unavailable source, and logs it as an error', async () => {
    const { search, log } = service([
      source('commons', () => {
        throw new TypeError('cannot read properties of undefined');
      }),
      createSimpleIconsSource(),
    ]);
    const result = await search({ q: 'netflix', fileType: null, page: 0 });
    expect(result.warnings).toEqual([COMMONS_UNAVAILABLE_WITH_CATALOGUE]);
    expect(log.error).toHaveBeenCalled();
  });

  it('shows each file once, keeping the better-ranked copy and filling in what it lacks', async () => {
    const commonsCopy = testLogo({
      title: 'Apple logo black.svg',
      dateAdded: '2012-01-01T00:00:00Z',
    });
    const { search } = service([
      source('commons', () => ({ logos: [commonsCopy], hasMore: false })),
      fakeWikidata({ apple: 'Apple logo black.svg' }),
    ]);
    const result = await search({ q: 'apple', fileType: null, page: 0 });
    expect(result.logos).toHaveLength(1);
    expect(result.logos[0]).toMatchObject({
      official: true,
      source: 'wikidata',
      dateAdded: '2012-01-01T00:00:00Z',
    });
  });

  it('searches each comma-separated name and interleaves them in the order typed', async () => {
    const commons = fakeCommons(1, 2);
    const { search } = service([commons]);
    const result = await search({ q: 'Google, Apple ,, google', fileType: null, page: 0 });
    expect(commons.calls.map((c) => c.name)).toEqual(['Google', 'Apple']);
    expect(titles(result.logos)).toEqual([
      'Google logo 0-0.svg',
      'Apple logo 0-0.svg',
      'Google logo 0-1.svg',
      'Apple logo 0-1.svg',
    ]);
    expect(result.logos.map((l) => l.searchTerm)).toEqual(['Google', 'Apple', 'Google', 'Apple']);
  });

  it('continues only Commons on later pages, and stops when Commons has no more', async () => {
    const commons = fakeCommons(2);
    const wikidata = fakeWikidata({ google: 'Google 2015 logo.svg' });
    const { search } = service([commons, wikidata, createSimpleIconsSource()]);

    const second = await search({ q: 'google', fileType: null, page: 1 });
    expect(commons.calls.at(-1)?.page).toBe(1);
    expect(wikidata.calls).toHaveLength(0);
    expect(titles(second.logos)).toEqual([
      'google logo 1-0.svg',
      'google logo 1-1.svg',
      'google logo 1-2.svg',
    ]);
    expect(second).toMatchObject({ page: 1, hasMore: false });
  });

  it('keeps only the chosen file type', async () => {
    const commons = source('commons', () => ({
      logos: [
        testLogo({ title: 'Google logo.png' }),
        testLogo({ title: 'Google logo.svg' }),
        testLogo({ title: 'Google sign.jpg' }),
      ],
      hasMore: false,
    }));
    const { search } = service([commons, createSimpleIconsSource()]);
    expect(titles((await search({ q: 'google', fileType: 'png', page: 0 })).logos)).toEqual([
      'Google logo.png',
    ]);
    expect(commons.calls[0]?.fileType).toBe('png');
    const svgs = (await search({ q: 'google', fileType: 'svg', page: 0 })).logos;
    expect(svgs.every((l) => l.fileType === 'svg')).toBe(true);
    expect(svgs.some((l) => l.source === 'simple-icons')).toBe(true);
  });

  it('asks Commons once for repeated searches (cache), but retries after a failure', async () => {
    let fail = true;
    const commons = source('commons', ({ name }) => {
      if (fail) throw new SourceUnavailableError('commons', 'HTTP 503');
      return { logos: [testLogo({ title: `${name} logo.svg` })], hasMore: false };
    });
    const { search } = service([commons]);
    expect((await search({ q: 'mozilla', fileType: null, page: 0 })).warnings).toEqual([
      COMMONS_UNAVAILABLE,
    ]);
    fail = false;
    await search({ q: 'mozilla', fileType: null, page: 0 });
    await search({ q: 'Mozilla', fileType: null, page: 0 });
    expect(commons.calls).toHaveLength(2);
  });
});

describe('interleave and dedupe', () => {
  it('takes one item from each list in turn', () => {
    expect(interleave([[1, 2, 3], [10], [20, 21]])).toEqual([1, 10, 20, 2, 21, 3]);
    expect(interleave([])).toEqual([]);
  });

  it('keeps the first logo of each url', () => {
    const a = testLogo({ title: 'A.svg' });
    const b = testLogo({ title: 'B.svg' });
    expect(dedupe([a, b, { ...a, searchTerm: 'other' }])).toEqual([a, b]);
  });
});
