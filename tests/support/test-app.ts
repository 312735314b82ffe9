import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { buildApp, type AppOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { TEST_DATABASE_PREFIX } from './database-sweep.ts';

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * An in-memory PGlite with every migration applied, loaded from the migrated template that the
 * global setup dumps once per run (pglite-template.ts): about four times faster than a fresh one.
 */
export async function openTestPglite() {
  pgliteTemplate ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate });
}

export type DatabaseTarget = 'pglite' | 'postgres';

// CI (REQUIRE_POSTGRES=1) runs the scale-out path: PostgreSQL and Redis. Missing either fails the
// run here, so the suites below that need them can never be skipped there.
if (process.env.REQUIRE_POSTGRES === '1' || process.env.REQUIRE_POSTGRES === 'true') {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set');
  if (!process.env.REDIS_URL) throw new Error('REQUIRE_POSTGRES=1 but REDIS_URL is not set');
}

/**
 * Suites that need a real PostgreSQL (a connection cut by a proxy, a process killed
 * mid-transaction), Redis (shared limits) or both (several instances); skipped when absent.
 */
export const describeOnPostgres = describe.runIf(Boolean(process.env.TEST_DATABASE_URL));
export const describeOnRedis = describe.runIf(Boolean(process.env.REDIS_URL));
export const describeOnPostgresAndRedis = describe.runIf(
  Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL),
);

/** Every integration test that touches the database runs on each of these. */
export const databaseTargets: DatabaseTarget[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** Runs one statement on the PostgreSQL server of TEST_DATABASE_URL (creating, dropping). */
async function onServer(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty PostgreSQL database of its own (so tests never see each other's rows),
 * dropped again by `drop()`; one left behind by a killed run is swept (database-sweep.ts).
 */
export async function createPostgresDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(6).toString('hex')}`;
  await onServer(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(base, `drop database if exists "${name}" with (force)`),
  };
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Builds `count` instances of the real app (every plugin, every route) on one fresh database of
 * the given kind. On PostgreSQL each has its own connection pool; on PGlite they share one
 * in-memory database (the embedded database serves one process, so this stands for instances that
 * share one database's rows and its atomic statements). Without SMTP_URL every sign-up writes its
 * verification email to DATA_DIR/outbox: a folder of the test's own, never the developer's ./data.
 */
async function buildApps(
  target: DatabaseTarget,
  count: number,
  env: Record<string, string | undefined>,
  options: AppOptions & { clientDir?: string },
  shared: Record<string, string> = {},
): Promise<{ apps: App[]; configs: Config[]; close: () => Promise<void> }> {
  const postgres = target === 'postgres' ? await createPostgresDatabase() : null;
  // A database the caller passed in stays open for the caller.
  const pglite = postgres || options.database ? null : await openTestPglite();
  const dataDir = env.DATA_DIR ? null : await mkdtemp(path.join(os.tmpdir(), 'wikilogos-test-'));
  const apps: App[] = [];
  const configs: Config[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    await pglite?.close();
    await postgres?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const config = loadConfig(
        {
          LOG_LEVEL: 'silent',
          ADMIN_PASSWORD: 'test-admin-password',
          PUBLIC_URL: 'http://localhost:3000',
          ...shared,
          ...(dataDir ? { DATA_DIR: dataDir } : {}),
          ...env,
          DATABASE_URL: postgres?.url,
        },
        { inMemoryDatabase: true, clientDir: options.clientDir },
      );
      configs.push(config);
      apps.push(
        await buildApp(config, { ...options, database: options.database ?? pglite ?? undefined }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { apps, configs, close };
}

/** The real app on a fresh database of the given kind; `close()` closes it and removes its database. */
export async function createTestApp(
  target: DatabaseTarget,
  env: Record<string, string | undefined> = {},
  options: AppOptions & { clientDir?: string } = {},
): Promise<{ app: App; config: Config; close: () => Promise<void> }> {
  const { apps, configs, close } = await buildApps(target, 1, env, options);
  return { app: apps[0]!, config: configs[0]!, close };
}

/**
 * Several instances of the app on one fresh database, as when running behind a load balancer;
 * they share SESSION_SECRET so a session cookie from one is valid on the others. `close()` closes
 * them all and removes the database.
 */
export async function createTestAppsSharingDatabase(
  target: DatabaseTarget,
  count: number,
  env: Record<string, string | undefined> = {},
  options: AppOptions = {},
): Promise<{ apps: App[]; close: () => Promise<void> }> {
  const { apps, close } = await buildApps(target, count, env, options, {
    SESSION_SECRET: randomBytes(48).toString('base64url'),
  });
  return { apps, close };
}
