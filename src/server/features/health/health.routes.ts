import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthDownSchema, HealthOkSchema } from '#shared/health/health.schemas.ts';
import journal from '#server/db/migrations/meta/_journal.json' with { type: 'json' };
import { withTimeout } from '#server/lib/with-timeout.ts';
import { createHealthRepository } from './health.repository.ts';

const PING_TIMEOUT_MS = 2_000;

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

/** For load balancers, orchestrators and operators. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
        await withinPingTimeout(app.database.ping());
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
