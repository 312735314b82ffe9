import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import { errorBody } from './errors.ts';

/**
 * A per-IP ceiling for the API, in Redis when set (shared by instances), else in process. Stricter
 * routes (login, password reset) set their own `config.rateLimit`.
 */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(rateLimit, {
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      ...(app.redis ? { redis: app.redis, nameSpace: 'wikilogos:rate:' } : {}),
      // If Redis is briefly away, serve the request rather than fail it.
      skipOnError: true,
      // The API counts, and so do search pages (rendered with a search); other pages do not.
      allowList: (request) => !/^\/(api\/|search(\?|\/|$))/.test(request.url),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        ...errorBody(
          'RATE_LIMITED',
          `Too many requests. Please wait ${context.after} and try again.`,
        ),
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
