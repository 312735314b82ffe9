// Several WikiLogos instances on one PostgreSQL and one Redis, as behind a load balancer:
//
//   node scripts/multi-instance.ts [--count 2] [--port 4000]
//
// Starts --count real server processes (default 2) at the same moment, each on its own port (free
// ports, or --port, --port+1, …), all with the same DATABASE_URL, REDIS_URL, SESSION_SECRET and
// ADMIN_PASSWORD; waits until every one answers GET /api/health; prints their URLs; and runs until
// Ctrl-C, then stops them all. Without DATABASE_URL it creates a fresh, empty database on the local
// PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) and drops it at
// the end, so the instances migrate it together (the advisory lock makes that safe). REDIS_URL
// defaults to redis://127.0.0.1:6379. Every other variable (COMMONS_API_URL, RATE_LIMIT_PER_MINUTE,
// …) is passed through. tests/integration/multi-instance.test.ts uses startInstances() below.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  startServer,
  waitForHealthy,
  type RunningServer,
} from '../tests/support/server-process.ts';

const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

export type InstancesOptions = {
  databaseUrl: string;
  redisUrl: string;
  /** How many instances (default 2). */
  count?: number;
  /** First port; instance i listens on port + i. Default: a free port each. */
  port?: number;
  /** Shared by every instance (default: generated). */
  sessionSecret?: string;
  /** Shared by every instance (default: generated). */
  adminPassword?: string;
  /** Extra environment for every instance (e.g. RATE_LIMIT_PER_MINUTE, TRUST_PROXY). */
  env?: Record<string, string>;
  /** Each instance's output, e.g. to echo it with a prefix. */
  onOutput?: (instance: number, text: string) => void;
};

export type Instances = {
  /** Base URLs, one per instance, e.g. http://127.0.0.1:40123 */
  urls: string[];
  servers: RunningServer[];
  sessionSecret: string;
  adminPassword: string;
  /** Stops every instance (SIGTERM, then SIGKILL after 10 s) and removes their DATA_DIRs. */
  stop: () => Promise<void>;
};

async function stopServer(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  try {
    await server.stop('SIGTERM');
  } finally {
    clearTimeout(killer);
  }
}

/**
 * Starts the instances all at once (so on an empty database they migrate concurrently) and
 * resolves when every one is healthy. If any fails to start, the others are stopped and it throws.
 */
export async function startInstances(options: InstancesOptions): Promise<Instances> {
  const count = options.count ?? 2;
  const sessionSecret = options.sessionSecret ?? randomBytes(48).toString('base64url');
  const adminPassword = options.adminPassword ?? randomBytes(12).toString('base64url');
  // Each instance keeps nothing of its own but still gets a DATA_DIR (the email outbox).
  const dataDirs = await Promise.all(
    Array.from({ length: count }, () => mkdtemp(path.join(os.tmpdir(), 'wikilogos-instance-'))),
  );
  const removeDataDirs = () =>
    Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  const started = await Promise.allSettled(
    dataDirs.map((dataDir, i) =>
      startServer(
        {
          ...options.env,
          DATABASE_URL: options.databaseUrl,
          REDIS_URL: options.redisUrl,
          SESSION_SECRET: sessionSecret,
          ADMIN_PASSWORD: adminPassword,
          DATA_DIR: dataDir,
          PORT: String(options.port === undefined ? 0 : options.port + i),
        },
        {
          maxOutputChars: 1_000_000,
          ...(options.onOutput ? { onOutput: (text) => options.onOutput!(i, text) } : {}),
        },
      ),
    ),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(servers.map(stopServer));
    await removeDataDirs();
  };
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    await Promise.all(servers.map((s) => waitForHealthy(s.url)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls: servers.map((s) => s.url), servers, sessionSecret, adminPassword, stop };
}

/** Creates an empty database next to `baseUrl`'s; `drop()` removes it (closing its connections). */
async function createEmptyDatabase(
  baseUrl: string,
  prefix = 'wikilogos_multi',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

async function main() {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '2' }, port: { type: 'string' } },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a whole number ≥ 1');
  const port = values.port === undefined ? undefined : Number(values.port);

  const fresh = process.env.DATABASE_URL
    ? null
    : await createEmptyDatabase(process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL);
  const databaseUrl = process.env.DATABASE_URL ?? fresh!.url;
  const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS_URL;
  console.log(
    `Starting ${count} instances on ${fresh ? `a fresh database ${databaseUrl}` : databaseUrl} and ${redisUrl}…`,
  );
  let instances: Instances;
  try {
    instances = await startInstances({
      databaseUrl,
      redisUrl,
      count,
      ...(port === undefined ? {} : { port }),
      ...(process.env.SESSION_SECRET ? { sessionSecret: process.env.SESSION_SECRET } : {}),
      ...(process.env.ADMIN_PASSWORD ? { adminPassword: process.env.ADMIN_PASSWORD } : {}),
      onOutput: (i, text) => {
        for (const line of text.split('\n')) if (line) console.log(`[${i + 1}] ${line}`);
      },
    });
  } catch (error) {
    await fresh?.drop();
    throw error;
  }
  console.log('\nEvery instance is healthy:');
  instances.urls.forEach((url, i) => console.log(`  instance ${i + 1}: ${url}`));
  console.log(
    `  administrator: ${process.env.ADMIN_USERNAME ?? 'admin'} / ${instances.adminPassword}`,
  );
  console.log('Ctrl-C stops them all.\n');

  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await instances.stop();
    await fresh?.drop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // An instance dying on its own ends the run (and stops the others).
  for (const [i, server] of instances.servers.entries()) {
    server.child.on('exit', (code) => {
      if (stopping) return;
      console.error(`instance ${i + 1} exited (${code}); stopping the others`);
      void shutdown(1);
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
