import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultSchema, type SearchResult } from '#shared/search/search.schemas.ts';
import type { WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { useAppOnWikimediaFake, wikimediaEnv } from '#tests/support/wikimedia-app.ts';
import { COMMONS_UNAVAILABLE_WITH_CATALOGUE } from './search.service.ts';

// The real adapters, cache and ranking behind /api/search, against the local Wikimedia stand-in
// replaying recorded answers.
const appFor = (f: WikimediaFake) => createTestApp('pglite', wikimediaEnv(f));

const stand = useAppOnWikimediaFake();

async function search(query: string, app = stand.app): Promise<SearchResult> {
  const res = await app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResultSchema.parse(res.json());
}

const commonsSearches = () =>
  stand.fake.requests().filter((r) => r.api === 'commons' && r.params.generator === 'search');

describe('GET /api/search against Wikimedia', () => {
  it('google: the current Google logo first, then more, with further pages', async () => {
    const result = await search('q=google');
    expect(result.logos[0]).toMatchObject({
      title: 'Google 2015 logo',
      official: true,
      historical: false,
    });
    expect(result.logos.map((l) => l.source)).toEqual(
      expect.arrayContaining(['wikidata', 'commons', 'simple-icons']),
    );
    expect(result.logos.every((l) => l.searchTerm === 'google')).toBe(true);
    expect(result.logos.at(-1)?.title).toMatch(/Googleplex sign/); // the photograph goes last
    expect(result.warnings).toBeUndefined();
    expect(result.hasMore).toBe(true);
    expect(new Set(result.logos.map((l) => l.url)).size).toBe(result.logos.length);
  });

  it('page 1 continues the Commons results', async () => {
    const first = await search('q=google');
    const second = await search('q=google&page=1');
    expect(second.page).toBe(1);
    expect(second.logos.length).toBeGreaterThan(0);
    expect(second.logos.every((l) => l.source === 'commons')).toBe(true);
    const seen = new Set(first.logos.map((l) => l.url));
    expect(second.logos.some((l) => seen.has(l.url))).toBe(false);
    expect(second.hasMore).toBe(false);
  });

  it('apple: an official Apple Inc. logo first, not the fruit', async () => {
    const result = await search('q=apple');
    expect(result.logos[0]).toMatchObject({
      source: 'wikidata',
      official: true,
      historical: false,
    });
    expect(result.logos[0]?.title).toMatch(/^Apple logo/);
  });

  it('github: the GitHub logo first', async () => {
    const result = await search('q=github');
    expect(result.logos[0]?.title).toMatch(/^GitHub logo/);
    expect(result.logos[0]?.official).toBe(true);
  });

  it('pepsi: the drink’s current logo first whatever its format, then its former ones, then the rest', async () => {
    // Wikidata: Pepsi's preferred logo is a PNG; its 2014 SVG has normal rank and no end time.
    // PepsiCo (the parent) and Pepsi Max (a sibling) have descriptions that sound more like a brand.
    const result = await search('q=pepsi');
    expect(result.logos.map((l) => [l.title, l.fileType, l.official, l.historical])).toEqual([
      ['Pepsi logo (2023)', 'png', true, false],
      ['Pepsi logo 2014', 'svg', true, true],
      ['Pepsi-Cola logo (1950–1962)', 'svg', true, true],
      ...result.logos.slice(3).map((l) => [l.title, l.fileType, false, false]),
    ]);
    const rest = result.logos.slice(3).map((l) => l.title);
    expect(rest.indexOf('Pepsi Max logo')).toBeLessThan(rest.indexOf('PepsiCo logo'));
    expect(rest.at(-1)).toBe('Pepsi truck in Mexico City');

    // With SVG only, the former official logos still come before unrelated files.
    const svg = await search('q=pepsi&fileType=svg');
    expect(svg.logos.slice(0, 2).map((l) => [l.title, l.historical])).toEqual([
      ['Pepsi logo 2014', true],
      ['Pepsi-Cola logo (1950–1962)', true],
    ]);
  });

  it('several names: each name’s best logo in the first results, in the order typed', async () => {
    const result = await search(`q=${encodeURIComponent('Netflix, Spotify')}`);
    expect(result.logos.slice(0, 2).map((l) => [l.searchTerm, l.official])).toEqual([
      ['Netflix', true],
      ['Spotify', true],
    ]);
  });

  it('SVG only: every result is an SVG', async () => {
    const result = await search('q=microsoft&fileType=svg');
    expect(result.logos.length).toBeGreaterThan(0);
    expect(result.logos.every((l) => l.fileType === 'svg')).toBe(true);
  });

  it('WebP: filtered like any other type, in any case', async () => {
    const all = await search('q=spotify');
    const webp = all.logos.filter((l) => l.fileType === 'webp').map((l) => l.title);
    expect(webp).toEqual(['Spotify app icon (2024)']);

    for (const fileType of ['webp', 'WEBP', 'WebP']) {
      const result = await search(`q=spotify&fileType=${fileType}`);
      expect(result.logos.map((l) => l.title)).toEqual(webp);
    }
    // 'JPEG' is the same type as 'jpg' (files named .jpeg are JPG results).
    const jpeg = await search('q=spotify&fileType=JPEG');
    expect(jpeg.logos.map((l) => l.title)).toContain('Spotify logo horizontal black');
    expect(jpeg.logos.every((l) => l.fileType === 'jpg')).toBe(true);
  });

  it('50 identical searches at once send one search to Commons', async () => {
    stand.fake.resetRequests();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        stand.app.inject({ method: 'GET', url: '/api/search?q=mozilla' }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(commonsSearches()).toHaveLength(1);
    // And a repeat is served from the cache.
    await search('q=Mozilla');
    expect(commonsSearches()).toHaveLength(1);
  });
});

describe('GET /api/search when Commons is down', () => {
  it('shows the offline catalogue with a notice', async () => {
    // A fresh app: a cold cache, and its own circuit breaker.
    const downApp = await appFor(stand.fake);
    try {
      stand.fake.setApiMode('commons', { kind: 'refuse' });
      const result = await search('q=spotify', downApp.app);
      expect(result.warnings).toContain(COMMONS_UNAVAILABLE_WITH_CATALOGUE);
      expect(result.warnings).toContain(
        'Wikimedia Commons is not reachable right now; showing results from the offline catalogue.',
      );
      expect(result.logos.some((l) => l.source === 'simple-icons' && l.title === 'Spotify')).toBe(
        true,
      );
      expect(result.logos.every((l) => l.source !== 'commons')).toBe(true);
    } finally {
      await downApp.close();
    }
  });
});

describe('GET /api/search/first: the first logos without waiting for Wikidata', () => {
  // A fresh app: a cold cache, no official logos remembered, and its own request allowance.
  let cold: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    cold = await appFor(stand.fake);
  });
  afterAll(() => cold?.close());
  const first = (query: string) =>
    cold.app.inject({ method: 'GET', url: `/api/search/first?${query}` });

  it('answers from Commons while Wikidata is still held, then /api/search brings the official logo first', async () => {
    // Wikidata's first answer is held back (the chain's other calls answer at once), as on a
    // cold search where Wikidata takes three rounds to Commons' one.
    stand.fake.setApiMode('wikidata', { kind: 'slow', delayMs: 3_000, times: 1 });
    let fullSettled = false;
    // The browser asks for both at once.
    const full = search('q=google', cold.app).finally(() => (fullSettled = true));
    const res = await first('q=google');
    expect(res.statusCode, res.body).toBe(200);
    const answer = SearchResultSchema.parse(res.json());

    // Answered while Wikidata's chain had not come back: only its first request had arrived.
    expect(fullSettled).toBe(false);
    const wikidata = stand.fake.requests().filter((r) => r.api === 'wikidata');
    expect(wikidata.map((r) => r.params.action)).toEqual(['wbsearchentities']);
    expect(wikidata[0]?.heldMs).toBeUndefined();

    expect(answer.pending).toEqual(['wikidata']);
    expect(answer.logos.length).toBeGreaterThan(0);
    expect(answer.logos.some((l) => l.official || l.source === 'wikidata')).toBe(false);

    const complete = await full;
    expect(complete.pending).toBeUndefined();
    expect(complete.logos[0]).toMatchObject({ title: 'Google 2015 logo', official: true });
    // The Commons search ran once for both answers.
    expect(commonsSearches()).toHaveLength(1);
  });

  it('says nothing is pending on later pages, which only continue Commons', async () => {
    const res = await first('q=google&page=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(SearchResultSchema.parse(res.json()).pending).toBeUndefined();
  });

  it('refuses a bad query with the same readable 400 as /api/search', async () => {
    const res = await first('q=%20');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Type a company name to search for\.$/);
  });
});
