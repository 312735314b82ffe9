import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedEntries, suggestTitles } from '#shared/search/name-match.ts';
import {
  NameIndexSchema,
  SamplesResultSchema,
  SearchResultSchema,
} from '#shared/search/search.schemas.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// Only the offline catalogue here, so nothing leaves the machine; the Wikimedia sources are
// exercised against the local stand-in in search.wikimedia.test.ts.
let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp('pglite', { LOGO_SOURCES: 'simple-icons' });
});
afterAll(() => testApp?.close());

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('GET /api/search', () => {
  it.each([
    ['/api/search', /Type a company name to search for\.$/],
    ['/api/search?q=', /Type a company name to search for\.$/],
    ['/api/search?q=%20%20%20', /Type a company name to search for\.$/],
    [`/api/search?q=${'a'.repeat(201)}`, /The search is too long: use at most 200 characters\.$/],
    ['/api/search?q=github&page=-1', /page must be a whole number from 0 to 40\.$/],
    ['/api/search?q=github&fileType=bmp', /fileType must be one of/],
  ])('%s → 400 with a message', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it.each(['bmp', 'svgz', 'tiff', 'image/svg+xml', 'svg,png', 'x.svg', 'constructor', 'all'])(
    'refuses the unknown file type %s with a readable 400, never searching all formats',
    async (fileType) => {
      const res = await get(`/api/search?q=github&fileType=${encodeURIComponent(fileType)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'fileType must be one of svg, png, jpg, gif, webp, or empty for all formats.',
        code: 'VALIDATION_FAILED',
      });
    },
  );

  it.each(['SVG', 'Svg', ' svg '])('reads the file type %j whatever its case', async (fileType) => {
    const res = await get(`/api/search?q=github&fileType=${encodeURIComponent(fileType)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = SearchResultSchema.parse(res.json());
    expect(body.logos[0]).toMatchObject({ title: 'GitHub', fileType: 'svg' });
  });

  it('finds logos despite a typo, and says which name found them', async () => {
    const res = await get('/api/search?q=gihub');
    expect(res.statusCode).toBe(200);
    const body = SearchResultSchema.parse(res.json());
    expect(body.logos[0]).toMatchObject({
      title: 'GitHub',
      url: '/api/icons/github.svg',
      searchTerm: 'gihub',
    });
    expect(body).toMatchObject({ page: 0, hasMore: false });
    expect(body.warnings).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, max-age=60');
  });

  it('searches several comma-separated names', async () => {
    const body = SearchResultSchema.parse((await get('/api/search?q=Spotify,%20Netflix')).json());
    expect(body.logos.slice(0, 2).map((l) => [l.title, l.searchTerm])).toEqual([
      ['Spotify', 'Spotify'],
      ['Netflix', 'Netflix'],
    ]);
  });

  it('finds nothing in SVG-less formats in the catalogue', async () => {
    const body = SearchResultSchema.parse((await get('/api/search?q=github&fileType=png')).json());
    expect(body.logos).toEqual([]);
  });
});

describe('GET /api/search, answered again', () => {
  const url = '/api/search?q=github,%20google,%20apple';

  it('repeats the same JSON, only the fields of its schema, with every security header', async () => {
    const first = await get(url);
    const again = await get(url);
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, max-age=60');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Exactly the schema's shape: parsing drops nothing and reorders nothing.
      expect(res.body).toBe(JSON.stringify(SearchResultSchema.parse(res.json())));
    }
    expect(again.body).toBe(first.body);
  });

  it('is compressed for browsers that accept it, to the same JSON', async () => {
    const plain = await get(url);
    const gzipped = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    // Again, as a browser repeats it: the same compressed answer, said the same way.
    const again = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers['vary']).toBe(gzipped.headers['vary']);
    expect(gunzipSync(again.rawPayload).toString()).toBe(plain.body);
    // A client that asks for no compression, or for another kind, gets what it asked for.
    const identity = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip', 'x-no-compression': '1' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
    const brotli = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps the name as typed in each answer', async () => {
    const lower = SearchResultSchema.parse((await get('/api/search?q=github')).json());
    const upper = SearchResultSchema.parse((await get('/api/search?q=GitHub')).json());
    expect(lower.logos[0]?.searchTerm).toBe('github');
    expect(upper.logos[0]?.searchTerm).toBe('GitHub');
  });
});

describe('GET /api/search/samples', () => {
  it('gives nine sample logos, each served by /api/icons', async () => {
    const res = await get('/api/search/samples');
    expect(res.statusCode).toBe(200);
    const { logos } = SamplesResultSchema.parse(res.json());
    expect(logos).toHaveLength(9);
    expect(logos.map((l) => l.title)).toContain('GitHub');
    for (const logo of logos) {
      const icon = await get(logo.url);
      expect(icon.statusCode, logo.url).toBe(200);
    }
  });
});

describe('GET /api/search/suggest', () => {
  it('suggests catalogue names for what is typed', async () => {
    const res = await get('/api/search/suggest?q=spot');
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json() as { suggestions: string[] };
    expect(suggestions).toContain('Spotify');
    expect(suggestions.length).toBeLessThanOrEqual(8);
    expect((await get('/api/search/suggest?q=netflx')).json().suggestions[0]).toBe('Netflix');
  });

  it('suggests nothing for an empty box', async () => {
    expect((await get('/api/search/suggest')).json()).toEqual({ suggestions: [] });
    expect((await get('/api/search/suggest?q=%20')).json()).toEqual({ suggestions: [] });
  });
});

describe('GET /api/search/names', () => {
  it('gives the same suggestions in the browser as GET /api/search/suggest does', async () => {
    const res = await get('/api/search/names');
    expect(res.statusCode).toBe(200);
    const entries = namedEntries(NameIndexSchema.parse(res.json()));
    for (const typed of [
      'g',
      'goo',
      'spot',
      'netflx',
      'Société',
      'c++',
      'att',
      'gogle dr',
      'DEEP L',
    ]) {
      const server = (await get(`/api/search/suggest?q=${encodeURIComponent(typed)}`)).json();
      expect(suggestTitles(entries, typed), typed).toEqual(server.suggestions);
    }
  });

  it('is small, compressed and revalidated by its ETag', async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/api/search/names',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(30 * 1024);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/search/names',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/icons/:slug.svg', () => {
  it('serves the icon in its brand colour as an inert image', async () => {
    const res = await get('/api/icons/spotify.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.body).toMatch(/^<svg [^>]*fill="#1ED760"/);
    expect(res.body).toContain('<title>Spotify</title>');
  });

  it('answers 404 with a message for an unknown icon', async () => {
    const res = await get('/api/icons/no-such-brand.svg');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'This icon is not in the catalogue.',
      code: 'NOT_FOUND',
    });
  });
});
