import { optimize, querySelector, querySelectorAll, type XastRoot } from 'svgo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { openSearchDescription } from './opensearch.routes.ts';

const PUBLIC_URL = 'https://logos.example.com';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp('pglite', { LOGO_SOURCES: 'simple-icons', PUBLIC_URL });
});
afterAll(() => testApp?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers });

/** Parses XML with SVGO's strict parser (it throws on anything not well-formed). */
function parseXml(xml: string): XastRoot {
  let root: XastRoot | undefined;
  optimize(xml, {
    plugins: [
      {
        name: 'capture',
        fn: (tree) => {
          root = tree;
          return {};
        },
      },
    ],
  });
  if (!root) throw new Error('not parsed');
  return root;
}

function urlTemplates(root: XastRoot): Record<string, string> {
  return Object.fromEntries(
    querySelectorAll(root, 'Url').map((node) => [
      node.type === 'element' ? node.attributes.type : '',
      node.type === 'element' ? node.attributes.template : '',
    ]),
  );
}

describe('GET /opensearch.xml', () => {
  it('describes WikiLogos as a search engine, as XML of the OpenSearch type', async () => {
    const res = await get('/opensearch.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/opensearchdescription+xml; charset=utf-8',
    );
    expect(res.headers['cache-control']).toBe('public, max-age=86400');

    const root = parseXml(res.body);
    const description = querySelector(root, 'OpenSearchDescription');
    expect(description?.type === 'element' && description.attributes.xmlns).toBe(
      'http://a9.com/-/spec/opensearch/1.1/',
    );
    const shortName = querySelector(root, 'ShortName');
    expect(shortName?.type === 'element' && shortName.children).toEqual([
      { type: 'text', value: 'WikiLogos' },
    ]);
  });

  it('gives absolute addresses on PUBLIC_URL: a new SVG search, suggestions, and itself', async () => {
    const templates = urlTemplates(parseXml((await get('/opensearch.xml')).body));
    expect(templates).toEqual({
      'text/html': `${PUBLIC_URL}/search?q={searchTerms}&fileType=svg`,
      'application/x-suggestions+json': `${PUBLIC_URL}/api/search/opensearch-suggestions?q={searchTerms}`,
      'application/opensearchdescription+xml': `${PUBLIC_URL}/opensearch.xml`,
    });
    for (const template of Object.values(templates)) {
      expect(new URL(template.replace('{searchTerms}', 'x')).origin).toBe(PUBLIC_URL);
    }
  });

  it('ignores the Host header a client sends', async () => {
    const res = await get('/opensearch.xml', { host: 'evil.example' });
    expect(res.body).not.toContain('evil.example');
    expect(res.body).toContain(`${PUBLIC_URL}/search?q=`);
  });

  it('escapes the public address for XML', () => {
    const xml = openSearchDescription('https://example.com/a&b');
    expect(urlTemplates(parseXml(xml))['text/html']).toBe(
      'https://example.com/a&b/search?q={searchTerms}&fileType=svg',
    );
  });
});

describe('GET /api/search/opensearch-suggestions', () => {
  it('answers [query, names] as OpenSearch suggestions', async () => {
    const res = await get('/api/search/opensearch-suggestions?q=goo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-suggestions+json; charset=utf-8');
    const [query, names] = res.json<[string, string[]]>();
    expect(query).toBe('goo');
    expect(names).toContain('Google');
    expect(names.length).toBeLessThanOrEqual(8);
  });

  it('answers an empty list for nothing typed, and 400 for a query over the length limit', async () => {
    expect((await get('/api/search/opensearch-suggestions')).json()).toEqual(['', []]);
    const long = await get(`/api/search/opensearch-suggestions?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/too long/);
  });
});
