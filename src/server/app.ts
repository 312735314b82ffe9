import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import {
  createPublicAccountsRoutes,
  createUserRoutes,
} from './features/accounts/accounts.routes.ts';
import { createAccountRightsService } from './features/accounts/account-rights.service.ts';
import { createAccountsService } from './features/accounts/accounts.service.ts';
import { createDatabaseFailureCounters } from './features/accounts/login-throttle.repository.ts';
import { createEmailLinksRepository } from './features/accounts/email-links.repository.ts';
import { createUsersRepository } from './features/accounts/users.repository.ts';
import { createEmailService } from './features/email/email.service.ts';
import { createMailer } from './features/email/mailer.ts';
import { createSessionsRepository } from './features/sessions/sessions.repository.ts';
import { createSessionsService, type Clock } from './features/sessions/sessions.service.ts';
import { createGoogleSignInRoutes } from './features/google-sign-in/google-sign-in.routes.ts';
import { createFilesRoutes } from './features/files/files.routes.ts';
import { createFilesService } from './features/files/files.service.ts';
import { openFilesCache } from './features/files/files-cache.ts';
import { createAdminRoutes } from './features/admin/admin.routes.ts';
import { createBackupsRoutes } from './features/backups/backups.routes.ts';
import { createBackupsService } from './features/backups/backups.service.ts';
import { createBillingRepository } from './features/billing/billing.repository.ts';
import {
  createBillingRoutes,
  createStripeWebhookRoutes,
} from './features/billing/billing.routes.ts';
import { createBillingService } from './features/billing/billing.service.ts';
import { createStripeGateway } from './features/billing/stripe-client.ts';
import { createAdminService } from './features/admin/admin.service.ts';
import { createAdminUsersRepository } from './features/admin/admin-users.repository.ts';
import { createAuditLogRepository } from './features/admin/audit-log.repository.ts';
import { createPremiumCodesRepository } from './features/premium-codes/premium-codes.repository.ts';
import { createPremiumCodesRoutes } from './features/premium-codes/premium-codes.routes.ts';
import { createPremiumCodesService } from './features/premium-codes/premium-codes.service.ts';
import { createDownloadsRepository } from './features/downloads/downloads.repository.ts';
import { createDownloadsRoutes } from './features/downloads/downloads.routes.ts';
import { createDownloadsService } from './features/downloads/downloads.service.ts';
import { createFavouritesRepository } from './features/favourites/favourites.repository.ts';
import { createFavouritesRoutes } from './features/favourites/favourites.routes.ts';
import { createFavouritesService } from './features/favourites/favourites.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createSearchModule, wikiLogosUserAgent } from './features/search/search.module.ts';
import {
  openSearchDescriptionRoutes,
  openSearchSuggestionRoutes,
} from './features/search/opensearch.routes.ts';
import { createSearchRoutes } from './features/search/search.routes.ts';
import { createSearchCache } from './features/search/search-cache.ts';
import { createBrandsRoutes } from './features/brands/brands.routes.ts';
import { BrandItemSchema, createBrandsService } from './features/brands/brands.service.ts';
import { createSupportRepository } from './features/support/support.repository.ts';
import { createSupportRoutes } from './features/support/support.routes.ts';
import { createSupportService } from './features/support/support.service.ts';
import { createWallRoutes } from './features/wall/wall.routes.ts';
import { createWallService } from './features/wall/wall.service.ts';
import { registerClient } from './plugins/client.ts';
import { siteRoutes } from './features/site/site.routes.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorBody, registerErrorHandler, registerNotFoundHandler } from './plugins/errors.ts';
import { authPlugin } from './plugins/auth.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { createAppMetrics, metricsPlugin } from './plugins/metrics.ts';
import { redisPlugin } from './plugins/redis.ts';
import { securityPlugin } from './plugins/security.ts';
import { loadOrCreateSessionSecret } from './secrets.ts';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pinoPretty from 'pino-pretty';

const HISTORY_COMPACTION_INTERVAL_MS = 60 * 60 * 1000;

export type AppOptions = {
  /** A database opened by the caller (tests share one across apps); by default buildApp opens its own. */
  database?: DatabaseHandle;
  /** pino options; defaults to LOG_LEVEL, as JSON or pretty lines (LOG_FORMAT, else whether stdout is a terminal). */
  logger?: FastifyServerOptions['logger'];
  /** The time as sessions, reset links and sign-in limits see it; tests move it forward. */
  clock?: Clock;
};

// Secret-bearing query parameters never reach the logs, URL-encoded ones included
// (`/auth?redirect=%2Fsubscription-success%3Fsession_id%3D…`); `password`: a pre-hydration GET.
const SECRET_QUERY =
  /((?:[?&]|%3F|%26)(?:token|session_id|code|state|password)(?:=|%3D))(?:(?!%26)[^&])*/gi;

/** Human-readable lines on a terminal, JSON lines for whatever collects the logs otherwise. */
function logFormat(config: Config): 'json' | 'pretty' {
  return config.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json');
}

/**
 * DATA_DIR/files-cache under FILES_CACHE_MB; none when that is 0, or when the folder cannot be
 * used (files then come from Wikimedia every time, which works, only slower).
 */
async function openFilesCacheOf(config: Config, log: FastifyBaseLogger) {
  if (config.FILES_CACHE_MB === 0) return undefined;
  const dir = path.resolve(config.DATA_DIR, 'files-cache');
  return openFilesCache({ dir, maxBytes: config.FILES_CACHE_MB * 1024 * 1024, log }).catch(
    (err: unknown) => {
      log.warn({ err }, `the files cache in ${dir} cannot be used; logo files are not kept`);
      return undefined;
    },
  );
}

/** What the first start created that only the operator may see, once: printed, never logged. */
type AdministratorCreated = { username: string; generatedPassword: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on the start that created the administrator with a generated password. */
    administratorCreated: AdministratorCreated | null;
    /** Readiness: false from the moment a shutdown starts, so load balancers stop sending traffic. */
    lifecycle: { shuttingDown: boolean };
  }
}

export async function buildApp(config: Config, options: AppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      ...(logFormat(config) === 'pretty'
        ? {
            stream: pinoPretty({
              colorize: Boolean(process.stdout.isTTY),
              translateTime: 'SYS:HH:MM:ss',
              ignore: 'pid,hostname',
              singleLine: true,
              // Exits (process.exit after a fatal error) must not lose the last lines.
              sync: true,
            }),
          }
        : {}),
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
    // Only the listed proxies' X-Forwarded-For entries are believed (see TRUST_PROXY in config.ts).
    trustProxy: config.TRUST_PROXY,
    // Keep-alive connections are closed at shutdown once their in-flight request is answered.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // Opening and migrating the embedded database may outlast Fastify's 10 s default when busy.
    pluginTimeout: 120_000,
    // A malformed address ('/api/admin/users/%') skips the error handler: our words, not echoed.
    frameworkErrors: (_error, _request, reply) =>
      void (reply as FastifyReply)
        .code(400)
        .send(errorBody('VALIDATION_FAILED', 'This address is not valid.')),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('lifecycle', { shuttingDown: false });
  // In-process closes (tests, a failed start) count as a shutdown too.
  app.addHook('preClose', async () => {
    app.lifecycle.shuttingDown = true;
  });
  // Kept-alive connections would hold a shutdown up for the 72 s keep-alive timeout: answers sent
  // while shutting down say `connection: close`, and a response that began before the shutdown
  // (a large file still streaming) has its connection closed as soon as it ends.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.lifecycle.shuttingDown) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    // That response's own connection only: closing every idle one would also cut a new
    // connection whose request has not been read yet (docs/decisions/021-metrics-health-and-logs.md).
    if (app.lifecycle.shuttingDown) request.raw.socket.end();
  });

  const metrics = createAppMetrics();
  // First, so its hook times every request, the rate limiter's refusals and not-found answers included.
  await app.register(metricsPlugin, { config, metrics });

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

  const clock = options.clock ?? (() => new Date());
  const db = app.database.db;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
  });
  const email = createEmailService({ mailer, log: app.log });
  const sessions = createSessionsService({ repo: createSessionsRepository(db), clock });
  const usersRepo = createUsersRepository(db);
  const accounts = createAccountsService({
    usersRepo,
    resetsRepo: createEmailLinksRepository(db, 'password-reset'),
    verificationsRepo: createEmailLinksRepository(db, 'email-verification'),
    // Sign-in failure counters live in the database: shared, atomic, no 500 when Redis is down.
    failures: createDatabaseFailureCounters(db),
    signUpsPerAddressPerHour: config.SIGN_UPS_PER_ADDRESS_PER_HOUR,
    sessions,
    email,
    publicUrl: config.PUBLIC_URL,
    clock,
    log: app.log,
  });
  // Emails still on their way (accounts, support) are handed over before the mailer closes.
  app.addHook('onClose', () => mailer.close());
  await app.register(authPlugin, { config, sessions, loadUser: (id) => accounts.getUser(id) });
  const bootstrap = await accounts.ensureAdministrator(
    config.ADMIN_USERNAME,
    config.ADMIN_PASSWORD,
  );
  app.decorate('administratorCreated', null);
  if (bootstrap.outcome === 'created' && bootstrap.generatedPassword) {
    // Shown once, in the start banner (server.ts), never in the log: logs are collected and kept.
    const { username, generatedPassword } = bootstrap;
    app.administratorCreated = { username, generatedPassword };
    app.log.warn(
      `Created the administrator "${bootstrap.username}" with a generated password (printed in the start banner, not logged)`,
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

  const fileSource = {
    userAgent: wikiLogosUserAgent(config),
    selfOrigin: config.publicOrigin,
    // One cache for /api/files and the downloads' SVG reads, so they share files and fetches.
    cache: await openFilesCacheOf(config, app.log),
  };
  const downloadsRepo = createDownloadsRepository(db);
  if (app.database.kind === 'pglite') {
    // The embedded database has no autovacuum: reclaim replaced history rows every hour.
    const compaction = setInterval(() => {
      downloadsRepo.compactHistory().catch((err: unknown) => {
        app.log.warn({ err }, 'could not compact the download history');
      });
    }, HISTORY_COMPACTION_INTERVAL_MS);
    compaction.unref();
    app.addHook('onClose', async () => clearInterval(compaction));
  }
  const downloads = createDownloadsService({
    repo: downloadsRepo,
    files: createFilesService(fileSource),
    clock,
    guestDownloadsPerAddressPerDay: config.GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY,
  });

  const billing = createBillingService({
    repo: createBillingRepository(db),
    stripe: await createStripeGateway(config),
    publicUrl: config.PUBLIC_URL,
    clock,
    log: app.log,
  });
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    app.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: checkout works, but renewals, failed payments and cancellations made at Stripe will not reach WikiLogos.',
    );
  } else if (!config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    app.log.warn('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: payments stay off.');
  }

  if (config.ALLOW_TEST_ACCOUNTS) {
    app.log.warn(
      "ALLOW_TEST_ACCOUNTS=true: any administrator can delete every non-admin account ('Create test accounts'). Never use it in production.",
    );
  }

  const admin = createAdminService({
    usersRepo: createAdminUsersRepository(db),
    sessions,
    auditRepo: createAuditLogRepository(db),
    allowTestAccounts: config.ALLOW_TEST_ACCOUNTS,
    clock,
    // Downgrading or deleting a paying user also cancels their Stripe subscription.
    billing,
  });
  const premiumCodes = createPremiumCodesService({
    repo: createPremiumCodesRepository(db),
    // Failed redeems are counted like failed sign-ins: in the database, shared by every instance.
    failures: createDatabaseFailureCounters(db),
    audit: admin.record,
    clock,
  });

  const support = createSupportService({
    repo: createSupportRepository(db),
    // Counted like sign-up attempts: in the database, shared by every instance.
    failures: createDatabaseFailureCounters(db),
    email,
    supportEmail: config.SUPPORT_EMAIL,
    audit: admin.record,
    clock,
    log: app.log,
  });
  if (!config.SUPPORT_EMAIL) {
    app.log.warn(
      "SUPPORT_EMAIL is not set: support requests from /contact are only listed in the admin area's Support tab, not emailed.",
    );
  }
  const favourites = createFavouritesService({
    repo: createFavouritesRepository(db),
    selfOrigin: config.publicOrigin,
    clock,
  });
  const accountRights = createAccountRightsService({
    usersRepo,
    accounts,
    sessions,
    // Deleting an account cancels its Stripe subscription; the history and links go with it.
    billing,
    downloads,
    premiumCodes,
    favourites,
    clock,
  });

  const database = app.database;
  const backups = createBackupsService({
    dir: path.resolve(config.DATA_DIR, 'backups'),
    dump: database.dump && (() => database.dump!('none')),
    intervalHours: config.BACKUP_INTERVAL_HOURS,
    keep: config.BACKUP_KEEP,
    log: app.log,
    audit: admin.record,
  });
  // The schedule is for a database in DATA_DIR; tests' in-memory databases back up only on demand.
  if (!config.inMemoryDatabase) await backups.start();
  app.addHook('onClose', () => backups.stop());

  // One search service for the API and for the search pages the server renders.
  const searchModule = createSearchModule({
    config,
    redis: app.redis,
    db,
    log: app.log,
    metrics,
    now: () => clock().getTime(),
  });
  app.addHook('onClose', () => searchModule.close());
  const search = searchModule.service;
  const wall = createWallService({ search, openScope: searchModule.openScope });
  const brands = createBrandsService({
    items: searchModule.items,
    commons: searchModule.commons,
    search,
    // Remembered like the search's answers: in memory, and in Redis when there is one.
    cache: createSearchCache({
      parse: (value) => BrandItemSchema.nullable().parse(value),
      redis: app.redis,
      log: app.log,
      now: () => clock().getTime(),
    }),
    log: app.log,
    enabled: config.LOGO_SOURCES.includes('wikidata'),
  });

  await app.register(rateLimitPlugin, { config });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { clock });
      await api.register(createPublicAccountsRoutes(accounts));
      await api.register(createUserRoutes(accounts, accountRights));
      await api.register(createGoogleSignInRoutes({ config, accounts }));
      await api.register(
        createSearchRoutes(search, {
          onAnswerReused: () => metrics.searchCacheLookup('hit'),
          now: () => clock().getTime(),
        }),
      );
      await api.register(openSearchSuggestionRoutes);
      await api.register(createWallRoutes(wall));
      await api.register(createBrandsRoutes(brands));
      await api.register(
        createFilesRoutes(fileSource, {
          filesPerMinute: config.FILES_PER_MINUTE,
          bytesPerMinute: config.FILE_BYTES_PER_MINUTE,
          redis: app.redis,
        }),
      );
      await api.register(
        createDownloadsRoutes({
          downloads,
          secureCookies: config.publicOrigin.startsWith('https:'),
        }),
      );
      await api.register(createAdminRoutes(admin));
      await api.register(createBackupsRoutes(backups));
      await api.register(createPremiumCodesRoutes(premiumCodes));
      await api.register(createSupportRoutes(support));
      await api.register(createFavouritesRoutes(favourites));
      await api.register(createBillingRoutes(billing));
      await api.register(createStripeWebhookRoutes(billing));
    },
    { prefix: '/api' },
  );

  await app.register(openSearchDescriptionRoutes, { config });
  await app.register(siteRoutes, { config });
  if (config.clientDir)
    await registerClient(app, config.clientDir, { search, brands, publicUrl: config.PUBLIC_URL });
  registerNotFoundHandler(app);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
