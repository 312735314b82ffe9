import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import { errorBody } from './errors.ts';

/**
 * A general per-IP ceiling for the API. The counters live in Redis when REDIS_URL is set, so
 * several instances share one budget; otherwise in this process. Routes that need a stricter
 * limit (login, password reset) set their own `config.rateLimit`.
 */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(rateLimit, {
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      ...(app.redis ? { redis: app.redis, nameSpace: 'wikilogos:rate:' } : {}),
      // If Redis is briefly away, serve the request rather than fail it.
      skipOnError: true,
      // Pages and static files are not counted; the API is, and so are search pages, which the
      // server renders with a search of its own (plugins/client.ts).
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
