import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SearchResultSchema } from '#shared/search/search.schemas.ts';
import {
  WALL_MAX_ALTERNATIVES,
  WALL_MAX_NAMES,
  WALL_MESSAGES,
  WallResolveResponseSchema,
  type WallResolveResponse,
} from '#shared/wall/wall.schemas.ts';
import { startWikimediaFake, type WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { WALLS_PER_MINUTE } from './wall.routes.ts';

// The real search service, caches and adapters behind the wall, against the Wikimedia stand-in.
let fake: WikimediaFake;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  fake = await startWikimediaFake();
  testApp = await createTestApp('pglite', {
    COMMONS_API_URL: fake.commonsApiUrl,
    WIKIDATA_API_URL: fake.wikidataApiUrl,
  });
});
afterAll(async () => {
  await testApp?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

// Each test its own address, so the walls-per-minute limit counts only that test's walls.
const address = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;

const post = (payload: unknown, remoteAddress = address()) =>
  testApp.app.inject({
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
    fake.setApiMode('wikidata', { kind: 'server-error' });
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
    expect(fake.requests()).toEqual([]);
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
    expect(fake.requests().length).toBeGreaterThan(0);
    fake.resetRequests();
    expect(await resolve(names)).toEqual(first);
    expect(fake.requests()).toEqual([]);

    const res = await testApp.app.inject({ method: 'GET', url: '/api/search?q=pepsi' });
    const found = SearchResultSchema.parse(res.json());
    expect(found.logos[0]?.url).toBe(first.results[1]!.logo?.url);
    expect(fake.requests()).toEqual([]);
  });

  it('a website resolves through the same search path as /api/search', async () => {
    const names = ['stripe.com', 'https://www.ikea.com/'];
    const { results } = await resolve(names);
    fake.resetRequests();
    for (const [i, name] of names.entries()) {
      const res = await testApp.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(name)}`,
      });
      const found = SearchResultSchema.parse(res.json());
      expect(found.logos[0]?.url ?? null).toBe(results[i]!.logo?.url ?? null);
    }
    // Answered from what the wall looked up.
    expect(fake.requests()).toEqual([]);
  });
});
