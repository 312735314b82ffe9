import { describe, expect, it } from 'vitest';
import { BRAND_MESSAGES, BrandSchema } from '#shared/brands/brands.schemas.ts';
import { SearchResultSchema, type SearchResult } from '#shared/search/search.schemas.ts';
import { useAppOnWikimediaFake } from '#tests/support/wikimedia-app.ts';

// The company page's API and search by website, through the real adapters and caches, against the
// local Wikimedia stand-in.
const stand = useAppOnWikimediaFake();

const get = (url: string) => stand.app.inject({ method: 'GET', url });

async function search(q: string): Promise<SearchResult> {
  const res = await get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return SearchResultSchema.parse(res.json());
}

describe('GET /api/brands/:qid', () => {
  it('gives the company, its official logos newest first with their dates, then the other logos', async () => {
    const res = await get('/api/brands/Q2283');
    expect(res.statusCode, res.body).toBe(200);
    const brand = BrandSchema.parse(res.json());
    expect(brand).toMatchObject({
      id: 'Q2283',
      name: 'Microsoft',
      description: 'American multinational technology corporation',
      website: 'https://www.microsoft.com/',
    });
    // The deprecated wordmark statement is not part of the history.
    expect(
      brand.history.map(({ logo, start, end, current }) => [logo.title, start, end, current]),
    ).toEqual([
      ['Microsoft logo (2012)', '2012', null, true],
      ['Microsoft logo (1987)', '1987', '2012', false],
    ]);
    for (const { logo } of brand.history)
      expect(logo).toMatchObject({ official: true, wikidataId: 'Q2283' });
    expect(brand.history[1]?.logo.historical).toBe(true);

    const onTimeline = new Set(brand.history.map(({ logo }) => logo.url));
    expect(brand.otherLogos.length).toBeGreaterThan(0);
    expect(brand.otherLogos.some((logo) => onTimeline.has(logo.url))).toBe(false);
    expect(brand.otherLogos.map((logo) => logo.title)).toContain('Microsoft logo and wordmark');
  });

  it('reads the history of a company with a current and two former logos (Pepsi)', async () => {
    const brand = BrandSchema.parse((await get('/api/brands/q47719')).json());
    expect(brand.history.map(({ logo, start, end }) => [logo.title, start, end])).toEqual([
      ['Pepsi logo (2023)', '2023', null],
      ['Pepsi logo 2014', '2014', null],
      ['Pepsi-Cola logo (1950–1962)', '1950', '1962'],
    ]);
    expect(brand.history.map(({ current }) => current)).toEqual([true, false, false]);
  });

  it.each(['Microsoft', 'Q0', 'P154', 'Q12x', `Q${'1'.repeat(20)}`])(
    'refuses %s with a readable 400',
    async (qid) => {
      const res = await get(`/api/brands/${qid}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/Wikidata item id/),
      });
    },
  );

  it('answers 404 for an item Wikidata does not have', async () => {
    const res = await get('/api/brands/Q424242424');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: BRAND_MESSAGES.notFound });
  });

  it('answers 503 with a readable message while Wikidata is down', async () => {
    stand.fake.setApiMode('wikidata', { kind: 'server-error' });
    const res = await get('/api/brands/Q95');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: BRAND_MESSAGES.unavailable,
    });
  });

  it('answers a repeat from its cache, without calling Wikimedia', async () => {
    const first = await get('/api/brands/Q907311');
    expect(first.statusCode).toBe(200);
    expect(stand.fake.requests().length).toBeGreaterThan(0);
    stand.fake.resetRequests();
    const again = await get('/api/brands/Q907311');
    expect(again.json()).toEqual(first.json());
    expect(stand.fake.requests()).toEqual([]);
  });
});

describe('search by website', () => {
  it('finds the company whose official website a domain is, with the same results as its name', async () => {
    const byDomain = await search('microsoft.com');
    expect(byDomain.websites).toEqual([
      {
        typed: 'microsoft.com',
        domain: 'microsoft.com',
        label: 'microsoft',
        company: { wikidataId: 'Q2283', name: 'Microsoft' },
      },
    ]);
    expect(byDomain.logos[0]).toMatchObject({
      title: 'Microsoft logo (2012)',
      official: true,
      historical: false,
      wikidataId: 'Q2283',
    });
    const byName = await search('Microsoft');
    expect(byName.websites).toBeUndefined();
    expect(byDomain.logos.map((logo) => logo.url)).toEqual(byName.logos.map((logo) => logo.url));
  });

  it('reads a full address, with scheme, www. and path', async () => {
    const result = await search('https://www.netflix.com/browse');
    expect(result.websites?.[0]?.company).toEqual({ wikidataId: 'Q907311', name: 'Netflix' });
    expect(result.logos[0]).toMatchObject({ title: 'Netflix 2015 logo', official: true });
  });

  it('says when no company has that website, and which words to search instead', async () => {
    const result = await search('stripe.com');
    expect(result.websites).toEqual([
      { typed: 'stripe.com', domain: 'stripe.com', label: 'stripe', company: null },
    ]);
    expect(result.warnings).toBeUndefined();
  });

  it('remembers which company a website is: a repeat asks Wikidata nothing new', async () => {
    await search('https://www.spotify.com/');
    stand.fake.resetRequests();
    await get('/api/search/first?q=spotify.com');
    expect(stand.fake.requests().filter((r) => r.api === 'wikidata')).toEqual([]);
  });

  it('leaves names with a dot that are not websites as they were', async () => {
    const result = await search('Node.js');
    expect(result.websites).toBeUndefined();
    const asked = stand.fake.requests().map((r) => r.params.search ?? r.params.gsrsearch ?? '');
    expect(asked).toEqual(
      expect.arrayContaining(['node.js', expect.stringMatching(/^Node\.js logo/)]),
    );
  });

  it('still searches a company named after its domain by that name when Wikidata knows no such website', async () => {
    const result = await search('Booking.com');
    expect(result.websites?.[0]).toMatchObject({ domain: 'booking.com', company: null });
    const commons = stand.fake.requests().filter((r) => r.params.generator === 'search');
    expect(commons.map((r) => r.params.gsrsearch)).toEqual([
      expect.stringMatching(/^Booking\.com logo/),
    ]);
  });
});
