import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthDownSchema, HealthOkSchema } from '#shared/health/health.schemas.ts';

const PING_TIMEOUT_MS = 2_000;

/** For load balancers and operators: 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: { response: { 200: HealthOkSchema, 503: HealthDownSchema } },
    },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'health check failed');
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: 'The database is not answering.' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
