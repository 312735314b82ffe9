import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '#shared/lib/api-error.ts';
import { WallResolveBodySchema, WallResolveResponseSchema } from '#shared/wall/wall.schemas.ts';
import type { WallService } from './wall.service.ts';

/**
 * Walls per minute from one address: a person builds a few walls a minute at most; each wall may
 * cost up to a hundred searches upstream, so scripts get far less than the API's general limit.
 */
export const WALLS_PER_MINUTE = 10;

/** POST /api/wall/resolve: open to everyone, guests included. */
export const createWallRoutes =
  (wall: WallService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/wall/resolve',
      {
        config: { rateLimit: { max: WALLS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          body: WallResolveBodySchema,
          response: { 200: WallResolveResponseSchema, ...apiErrors(400, 429) },
        },
      },
      async (request) => ({ results: await wall.resolve(request.body.names) }),
    );
  };
