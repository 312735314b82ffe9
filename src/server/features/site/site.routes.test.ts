import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { INDEXED_PAGES } from '#shared/lib/page-head.ts';

const PUBLIC_URL = 'https://logos.example.com';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp('pglite', { PUBLIC_URL });
});
afterAll(() => testApp?.close());

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the API and the personal pages, and points to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/api/', '/admin', '/dashboard'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages on PUBLIC_URL, whatever Host the request names', async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(INDEXED_PAGES.map((page) => `${PUBLIC_URL}${page}`));
    expect(locations).toEqual(
      expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/premium`, `${PUBLIC_URL}/about`]),
    );
    expect(res.body).not.toContain('evil.example');
    expect(res.body).not.toMatch(/dashboard|admin|reset-password/);
  });
});
