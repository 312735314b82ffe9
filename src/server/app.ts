import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createAccountsService } from './features/accounts/accounts.service.ts';
import { createUsersRepository } from './features/accounts/users.repository.ts';
import { createFilesRoutes } from './features/files/files.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { wikiLogosUserAgent } from './features/search/search.module.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { registerClient } from './plugins/client.ts';
import { databasePlugin } from './plugins/database.ts';
import { registerErrorHandler, registerNotFoundHandler } from './plugins/errors.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { redisPlugin } from './plugins/redis.ts';
import { securityPlugin } from './plugins/security.ts';
import { loadOrCreateSessionSecret } from './secrets.ts';
import { randomBytes } from 'node:crypto';

export type AppOptions = {
  /** A database opened by the caller (tests share one across apps); by default buildApp opens its own. */
  database?: DatabaseHandle;
  /** pino options or a logger instance; defaults to JSON logs at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
};

// Query parameters that carry secrets must not reach the logs.
const SECRET_QUERY = /([?&](?:token|session_id|code)=)[^&]*/gi;

export async function buildApp(config: Config, options: AppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.replace(SECRET_QUERY, '$1[redacted]'),
          ip: req.ip,
        }),
      },
    },
    bodyLimit: 256 * 1024,
    // A hop count is a number in Fastify's implementation though its types only list strings.
    trustProxy: config.TRUST_PROXY as boolean | string,
    // Keep-alive connections are closed at shutdown once their in-flight request is answered.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(databasePlugin, { config, database: options.database });
  await app.register(redisPlugin, { config });
  await app.register(securityPlugin, { config });
  await app.register(compress, { threshold: 1024 });

  const sessionSecret =
    config.SESSION_SECRET ??
    (config.inMemoryDatabase
      ? randomBytes(48).toString('base64url')
      : await loadOrCreateSessionSecret(config.DATA_DIR));
  if (!config.SESSION_SECRET && config.DATABASE_URL) {
    app.log.warn(
      'SESSION_SECRET is not set: each instance generated its own. Set it when running several instances.',
    );
  }
  await app.register(cookie, { secret: sessionSecret });

  const accounts = createAccountsService({ usersRepo: createUsersRepository(app.database.db) });
  const bootstrap = await accounts.ensureAdministrator(
    config.ADMIN_USERNAME,
    config.ADMIN_PASSWORD,
  );
  if (bootstrap.outcome === 'created' && bootstrap.generatedPassword) {
    // Printed once, on the start that creates the account; it is stored only as a hash.
    app.log.warn(
      `Created the administrator "${bootstrap.username}" with the generated password: ${bootstrap.generatedPassword} ` +
        '(shown only this once; sign in at /admin-login and keep it safe)',
    );
  } else if (bootstrap.outcome === 'created') {
    app.log.info(
      `Created the administrator "${bootstrap.username}" with the password from ADMIN_PASSWORD`,
    );
  } else if (bootstrap.outcome === 'username-taken') {
    app.log.error(
      `No administrator exists and the username "${bootstrap.username}" is taken; set ADMIN_USERNAME to a free name`,
    );
  }

  await app.register(rateLimitPlugin, { config });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(searchRoutes, { config });
      await api.register(
        createFilesRoutes({
          userAgent: wikiLogosUserAgent(config),
          selfOrigin: config.publicOrigin,
        }),
      );
    },
    { prefix: '/api' },
  );

  const fallback = config.clientDir ? await registerClient(app, config.clientDir) : null;
  registerNotFoundHandler(app, fallback);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
