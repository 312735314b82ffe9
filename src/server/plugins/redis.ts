import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '#server/config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared cache and rate-limit store when REDIS_URL is set; null means in-process only. */
    redis: Redis | null;
  }
}

export const redisPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (!config.REDIS_URL) {
      app.decorate('redis', null);
      return;
    }
    // Loaded only when configured: ioredis is ~3 MB an in-process server does not need.
    const { Redis } = await import('ioredis');
    const redis = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      connectTimeout: 2_000,
      // Fail a command fast instead of queueing it while Redis is away; callers degrade gracefully.
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    let lastErrorLogged = 0;
    redis.on('error', (err: Error) => {
      // ioredis reconnects by itself; log at most once a minute so an outage does not flood the log.
      if (Date.now() - lastErrorLogged > 60_000) {
        lastErrorLogged = Date.now();
        app.log.warn({ err: err.message }, 'redis unavailable; using in-process fallbacks');
      }
    });
    try {
      await redis.connect();
      app.log.info('redis ready');
    } catch (err) {
      const message = (err as Error).message;
      app.log.warn({ err: message }, 'redis not reachable at start; will keep retrying');
    }
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  },
  { name: 'redis' },
);
