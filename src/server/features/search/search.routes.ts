import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

/**
 * Repeated searches are answered with JSON made once (docs/decisions/041-lean-server.md): ranking
 * and checking a large answer against its schema cost more than the rest of the request. Ten
 * seconds is well inside the minute browsers may keep it (Cache-Control below) and the sources'
 * own cache; answers with a warning (a source failed) are never kept, so a retry asks again.
 */
const ANSWER_TTL_MS = 10_000;
const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The route's own response serializer: the same schema check and errors as any other answer. */
const searchResultJson = serializerCompiler({
  schema: SearchResultSchema,
  method: 'GET',
  url: '/api/search',
}) as (data: unknown) => string;

/** /api/search, its samples and suggestions, and the bundled icon files (/api/icons/<slug>.svg). */
/**
 * `onAnswerReused`: told when a search is answered from its ready answer, without the sources or
 * their cache (the metrics count it as a search cache hit).
 */
export const createSearchRoutes =
  (
    service: SearchService,
    {
      onAnswerReused = () => {},
      now = Date.now,
    }: {
      onAnswerReused?: () => void;
      /** The app's clock: answers expire by it, as the caches behind them do. */
      now?: () => number;
    } = {},
  ): FastifyPluginAsyncZod =>
  async (app) => {
    preloadCatalogue();
    const answers = new LRUCache<string, Buffer>({
      maxSize: ANSWER_CACHE_BYTES,
      sizeCalculation: (body) => body.length,
      ttl: ANSWER_TTL_MS,
      perf: { now },
    });

    // One contract for both answers: the same query, the same result.
    const searchSchema = {
      schema: {
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, 400: ApiErrorSchema },
      },
    };

    app.get('/search', searchSchema, async (request, reply) => {
      const { q, fileType, page } = request.query;
      // The name as typed: each logo says which name found it (searchTerm).
      const key = JSON.stringify([q, fileType, page]);
      let body = answers.get(key);
      if (body) onAnswerReused();
      else {
        const result = await service.search(request.query);
        body = Buffer.from(searchResultJson(result));
        if (!result.warnings?.length) answers.set(key, body);
      }
      // Private: a shared cache must not hand one visitor's answer (with its warnings) to others.
      reply.header('Cache-Control', 'private, max-age=60').type(JSON_TYPE);
      // Already checked and serialised: sent as it is (compression still applies).
      return reply.send(body as never);
    });

    // The results page's first answer, one upstream round after the request: everything but
    // Wikidata's official logos, which /api/search, asked at the same time, adds
    // (docs/decisions/042-progressive-search-results.md).
    app.get('/search/first', searchSchema, async (request, reply) => {
      const result = await service.search(request.query, { without: ['wikidata'] });
      reply.header('Cache-Control', 'private, max-age=60');
      return result;
    });

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
