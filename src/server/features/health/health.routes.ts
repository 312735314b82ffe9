import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthDownSchema, HealthOkSchema } from '#shared/health/health.schemas.ts';
import journal from '#server/db/migrations/meta/_journal.json' with { type: 'json' };
import { withTimeout } from '#server/lib/with-timeout.ts';
import { createHealthRepository } from './health.repository.ts';

const PING_TIMEOUT_MS = 2_000;
/**
 * How long a good ping of the embedded database answers GET /api/health. PGlite runs one query at
 * a time inside this process, so a ping per check queued behind real work, and monitors polling
 * many times a second spent most of the server's time on it; it cannot fail apart from the process
 * (only a close stops it), so a second-old answer loses nothing. PostgreSQL is another process
 * that can go away on its own: every check still pings it. A failed ping is never kept
 * (docs/decisions/041-lean-server.md).
 */
const PING_FRESH_MS = 1_000;

/** When the newest migration this code ships was written; drizzle records it once applied. */
const NEWEST_MIGRATION = Math.max(...journal.entries.map((entry) => entry.when));

const MESSAGES = {
  shuttingDown: 'The server is shutting down.',
  databaseDown: 'The database is not answering.',
  migrationsMissing:
    'The database schema is older than this version of WikiLogos: its migrations have not been applied.',
};

const withinPingTimeout = <T>(work: Promise<T>) =>
  withTimeout(work, PING_TIMEOUT_MS, 'database ping timed out');

const unavailable = (message: string) =>
  ({ status: 'unavailable', code: 'SERVICE_UNAVAILABLE', message }) as const;

/** The problem that makes this instance unfit for traffic, or null when it is ready. */
async function readinessProblem(app: FastifyInstance): Promise<string | null> {
  if (app.lifecycle.shuttingDown) return MESSAGES.shuttingDown;
  let newest: number | null;
  try {
    await withinPingTimeout(app.database.ping());
    const repo = createHealthRepository(app.database.db);
    newest = await withinPingTimeout(repo.newestAppliedMigration());
  } catch {
    return MESSAGES.databaseDown;
  }
  return (newest ?? 0) < NEWEST_MIGRATION ? MESSAGES.migrationsMissing : null;
}

/** The health check's ping; on PGlite one at a time, a good one reused for PING_FRESH_MS. */
function healthPing(app: FastifyInstance, clock: () => Date) {
  if (app.database.kind !== 'pglite') return () => withinPingTimeout(app.database.ping());
  let goodUntil = -Infinity;
  let inFlight: Promise<void> | null = null;
  return (): Promise<void> => {
    if (clock().getTime() < goodUntil) return Promise.resolve();
    inFlight ??= withinPingTimeout(app.database.ping())
      .then(() => {
        goodUntil = clock().getTime() + PING_FRESH_MS;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

/** For load balancers, orchestrators and operators. */
export const healthRoutes: FastifyPluginAsyncZod<{ clock: () => Date }> = async (
  app,
  { clock },
) => {
  const ping = healthPing(app, clock);
  const probe = { config: { rateLimit: false }, logLevel: 'warn' } as const;
  /** 200 only when the database answers (kept as it was: existing checks point at it). */
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: { response: { 200: HealthOkSchema, 503: HealthDownSchema } },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'health check failed');
        return reply.status(503).send(unavailable(MESSAGES.databaseDown));
      }
    },
  );

  // Liveness: the process answers (a failing database must not restart it); only problems logged.
  app.get(
    '/health/live',
    { ...probe, schema: { response: { 200: HealthOkSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: 503 while the database is unreachable or behind this code's schema, and from the
  // start of a shutdown, so the load balancer drains this instance while in-flight requests finish.
  app.get(
    '/health/ready',
    { ...probe, schema: { response: { 200: HealthOkSchema, 503: HealthDownSchema } } },
    async (request, reply) => {
      const problem = await readinessProblem(app);
      if (!problem) return { status: 'ok' as const };
      if (problem !== MESSAGES.shuttingDown) request.log.warn({ problem }, 'not ready');
      return reply.status(503).send(unavailable(problem));
    },
  );
};
