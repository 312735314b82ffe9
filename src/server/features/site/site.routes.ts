import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import { escapeXml } from '#server/lib/escape-xml.ts';
import { INDEXED_PAGES } from '#shared/lib/page-head.ts';

/**
 * Pages a crawler has no business in: the API, and the pages that only make sense to one signed-in
 * person. (Sign-in, reset and checkout-return pages say `noindex` themselves.)
 */
const DISALLOWED = ['/api/', '/admin', '/dashboard'] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The public pages (docs/product.md#findable-pages), on PUBLIC_URL. */
export function sitemapXml(publicUrl: string): string {
  const urls = INDEXED_PAGES.map(
    (page) => `  <url><loc>${escapeXml(`${publicUrl}${page}`)}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
}

/**
 * GET /robots.txt and GET /sitemap.xml, outside /api. Addresses are built from PUBLIC_URL, never
 * the Host header (anyone can set it).
 */
export const siteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const robots = robotsTxt(config.PUBLIC_URL);
  const sitemap = sitemapXml(config.PUBLIC_URL);
  app.get(
    '/robots.txt',
    { schema: { response: { 200: z.string().describe('Rules for crawlers (text)') } } },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(robots),
  );
  app.get(
    '/sitemap.xml',
    { schema: { response: { 200: z.string().describe('The public pages (XML sitemap)') } } },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(sitemap),
  );
};
