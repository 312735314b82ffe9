import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '#server/http-error.ts';
import { ApiErrorSchema } from '#shared/lib/api-error.ts';
import {
  NameIndexSchema,
  SamplesResultSchema,
  SearchQuerySchema,
  SearchResultSchema,
  SuggestQuerySchema,
  SuggestResultSchema,
} from '#shared/search/search.schemas.ts';
import { SVG_CONTENT_SECURITY_POLICY } from '../files/files.service.ts';
import type { SearchService } from './search.service.ts';
import {
  catalogueNames,
  getIconSvg,
  preloadCatalogue,
  sampleLogos,
  suggestIconTitles,
} from './sources/simple-icons.ts';

/** The catalogue's samples and suggestions change only with a new version. */
const CATALOGUE_CACHE = 'public, max-age=3600';

/** /api/search, its samples and suggestions, and the bundled icon files (/api/icons/<slug>.svg). */
export const createSearchRoutes =
  (service: SearchService): FastifyPluginAsyncZod =>
  async (app) => {
    preloadCatalogue();

    app.get(
      '/search',
      {
        schema: {
          querystring: SearchQuerySchema,
          response: { 200: SearchResultSchema, 400: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const result = await service.search(request.query);
        // Private: a shared cache must not hand one visitor's answer (with its warnings) to others.
        reply.header('Cache-Control', 'private, max-age=60');
        return result;
      },
    );

    // The results page's first answer, one upstream round after the request: everything but
    // Wikidata's official logos, which /api/search, asked at the same time, adds
    // (docs/decisions/042-progressive-search-results.md).
    app.get(
      '/search/first',
      {
        schema: {
          querystring: SearchQuerySchema,
          response: { 200: SearchResultSchema, 400: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const result = await service.search(request.query, { without: ['wikidata'] });
        reply.header('Cache-Control', 'private, max-age=60');
        return result;
      },
    );

    app.get(
      '/search/samples',
      { schema: { response: { 200: SamplesResultSchema } } },
      async (_request, reply) =>
        reply.header('Cache-Control', CATALOGUE_CACHE).send({ logos: sampleLogos() }),
    );

    app.get(
      '/search/suggest',
      {
        schema: {
          querystring: SuggestQuerySchema,
          response: { 200: SuggestResultSchema, 400: ApiErrorSchema },
        },
      },
      async (request, reply) =>
        reply
          .header('Cache-Control', CATALOGUE_CACHE)
          .send({ suggestions: suggestIconTitles(request.query.q) }),
    );

    // The names change only with a new catalogue version: one ETag per version, so a browser that
    // has them revalidates with a 304 instead of downloading them again.
    const names = catalogueNames();
    const namesTag = `"${createHash('sha256').update(JSON.stringify(names)).digest('base64url').slice(0, 27)}"`;
    app.get(
      '/search/names',
      { schema: { response: { 200: NameIndexSchema, 304: z.null() } } },
      async (request, reply) => {
        reply.header('Cache-Control', CATALOGUE_CACHE).header('ETag', namesTag);
        if (request.headers['if-none-match'] === namesTag) return reply.code(304).send(null);
        return names;
      },
    );

    app.get(
      '/icons/:slug.svg',
      {
        schema: {
          params: z.object({ slug: z.string() }),
          response: { 200: z.string().describe('The icon as SVG'), 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const svg = getIconSvg(request.params.slug);
        if (svg === null)
          throw new HttpError(404, 'NOT_FOUND', 'This icon is not in the catalogue.');
        return reply
          .header('Content-Type', 'image/svg+xml; charset=utf-8')
          .header('Cache-Control', 'public, max-age=86400')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', SVG_CONTENT_SECURITY_POLICY)
          .send(svg);
      },
    );
  };
