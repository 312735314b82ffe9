import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SearchResultSchema } from '#shared/search/search.schemas.ts';
import {
  WALL_MAX_ALTERNATIVES,
  WALL_MAX_NAMES,
  WALL_MESSAGES,
  WallResolveResponseSchema,
  type WallResolveResponse,
} from '#shared/wall/wall.schemas.ts';
import { CATALOGUE_COMPANIES, WALL_BENCH_NAMES } from '#tests/fakes/wikimedia-catalogue.ts';
import { useAppOnWikimediaFake } from '#tests/support/wikimedia-app.ts';
import { WALLS_PER_MINUTE } from './wall.routes.ts';
import { WALL_MAX_IN_FLIGHT } from './wall.service.ts';

// The real search service, caches and adapters behind the wall, against the Wikimedia stand-in.
const stand = useAppOnWikimediaFake();

// Each test its own address, so the walls-per-minute limit counts only that test's walls.
const address = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;

const post = (payload: unknown, remoteAddress = address()) =>
  stand.app.inject({
    method: 'POST',
    url: '/api/wall/resolve',
    payload: payload as object,
    remoteAddress,
  });

async function resolve(names: string[]): Promise<WallResolveResponse> {
  const res = await post({ names });
  expect(res.statusCode, res.body).toBe(200);
  return WallResolveResponseSchema.parse(res.json());
}

describe('POST /api/wall/resolve', () => {
  it('answers one result per name, in order, names trimmed, the official logo first', async () => {
    const { results } = await resolve(['  Google ', 'nosuchcompany', 'apple', 'netflix']);
    expect(results.map((r) => r.name)).toEqual(['Google', 'nosuchcompany', 'apple', 'netflix']);
    expect(results[0]!.logo).toMatchObject({
      title: 'Google 2015 logo',
      official: true,
      historical: false,
    });
    expect(results[2]!.logo).toMatchObject({
      source: 'wikidata',
      official: true,
      historical: false,
    });
    expect(results[2]!.logo?.title).toMatch(/^Apple logo/);
    expect(results[3]!.logo).toMatchObject({ title: 'Netflix 2015 logo', official: true });
    // Nothing found: no logo and no alternatives.
    expect(results[1]).toEqual({ name: 'nosuchcompany', logo: null, alternatives: [] });
    for (const result of results) {
      expect(result.alternatives.length).toBeLessThanOrEqual(WALL_MAX_ALTERNATIVES);
      expect(result.alternatives.map((l) => l.url)).not.toContain(result.logo?.url);
    }
    // The alternatives are the name's other search results: the former logo is among them.
    expect(results[0]!.alternatives.map((l) => l.title)).toContain('Google 2011 logo');
  });

  it('a name without an official logo gets the best-ranked search result', async () => {
    stand.fake.setApiMode('wikidata', { kind: 'server-error' });
    const { results } = await resolve(['github']);
    expect(results[0]!.logo).toMatchObject({ official: false });
    expect(results[0]!.logo?.title).toBeTruthy();
  });

  it.each([
    [
      { names: Array.from({ length: WALL_MAX_NAMES + 1 }, (_, i) => `Company ${i}`) },
      WALL_MESSAGES.tooManyNames,
    ],
    [{ names: [] }, WALL_MESSAGES.noNames],
    [{ names: ['google', '   '] }, WALL_MESSAGES.emptyName],
    [{ names: ['a'.repeat(201)] }, WALL_MESSAGES.longName],
    [{ names: ['google', 42] }, WALL_MESSAGES.notAName],
    [{ names: [null] }, WALL_MESSAGES.notAName],
    [{ names: 'google' }, WALL_MESSAGES.notAList],
    [{}, WALL_MESSAGES.notAList],
  ])('refuses %j with a readable 400', async (payload, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
    expect(stand.fake.requests()).toEqual([]);
  });

  it(`refuses a ${WALLS_PER_MINUTE + 1}th wall in a minute from one address with a readable 429`, async () => {
    const ip = address();
    for (let i = 0; i < WALLS_PER_MINUTE; i++)
      expect((await post({ names: ['nosuchcompany'] }, ip)).statusCode).toBe(200);
    const refused = await post({ names: ['nosuchcompany'] }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please wait .+ and try again\.$/),
    });
    // Someone else is not affected.
    expect((await post({ names: ['nosuchcompany'] })).statusCode).toBe(200);
  });
});

describe('the wall and the search share their caches', () => {
  it('a second wall asks Wikimedia nothing, nor does a search after it', async () => {
    const names = ['spotify', 'pepsi', 'mozilla'];
    const first = await resolve(names);
    expect(stand.fake.requests().length).toBeGreaterThan(0);
    stand.fake.resetRequests();
    expect(await resolve(names)).toEqual(first);
    expect(stand.fake.requests()).toEqual([]);

    const res = await stand.app.inject({ method: 'GET', url: '/api/search?q=pepsi' });
    const found = SearchResultSchema.parse(res.json());
    expect(found.logos[0]?.url).toBe(first.results[1]!.logo?.url);
    expect(stand.fake.requests()).toEqual([]);
  });

  it('a website resolves through the same search path as /api/search', async () => {
    const names = ['stripe.com', 'https://www.ikea.com/'];
    const { results } = await resolve(names);
    stand.fake.resetRequests();
    for (const [i, name] of names.entries()) {
      const res = await stand.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(name)}`,
      });
      const found = SearchResultSchema.parse(res.json());
      expect(found.logos[0]?.url ?? null).toBe(results[i]!.logo?.url ?? null);
    }
    // Answered from what the wall looked up.
    expect(stand.fake.requests()).toEqual([]);
  });
});

describe('a 50-name wall', () => {
  // Fifty searches' CPU on a machine shared with other runs: the test gives it time (90 s).
  it('asks Wikimedia at most four requests at a time, Wikidata in batches, then nothing again', async () => {
    const { results } = await resolve(WALL_BENCH_NAMES);
    expect(stand.fake.maxInFlight()).toBeLessThanOrEqual(WALL_MAX_IN_FLIGHT);
    // Every name gets its official current logo, the former one among the alternatives.
    expect(results.map((r) => [r.name, r.logo?.title, r.logo?.official])).toEqual(
      WALL_BENCH_NAMES.map((name) => [name, `${name} logo`, true]),
    );
    for (const result of results)
      expect(result.alternatives.some((logo) => logo.official && logo.historical)).toBe(true);

    const requests = stand.fake.requests();
    const commons = requests.filter((r) => r.api === 'commons');
    const wikidata = requests.filter((r) => r.api === 'wikidata');
    // One Commons search per name: the official files are among their answers.
    expect(commons.map((r) => r.params.generator)).toEqual(WALL_BENCH_NAMES.map(() => 'search'));
    // Names found by their Wikipedia article in one or two requests; the others searched one by
    // one, their candidates' claims fetched together.
    const byArticle = wikidata.filter((r) => r.params.sites === 'enwiki');
    const searched = wikidata.filter((r) => r.params.action === 'wbsearchentities');
    const byIds = wikidata.filter((r) => r.params.ids !== undefined);
    expect(byArticle.length).toBeGreaterThanOrEqual(1);
    expect(byArticle.length).toBeLessThanOrEqual(2);
    const otherArticles = CATALOGUE_COMPANIES.slice(0, 50)
      .filter((company) => company.article.toLowerCase() !== company.label.toLowerCase())
      .map((company) => company.label.toLowerCase());
    expect(searched.map((r) => r.params.search).sort()).toEqual(otherArticles.sort());
    expect(byIds.length).toBeLessThanOrEqual(2);
    expect(wikidata.length).toBe(byArticle.length + searched.length + byIds.length);

    stand.fake.resetRequests();
    expect(await resolve(WALL_BENCH_NAMES)).toEqual({ results });
    expect(stand.fake.requests()).toEqual([]);
  }, 90_000);
});
