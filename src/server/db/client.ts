import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { collectGarbage } from '#server/lib/collect-garbage.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { schema } from './schema/schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the database as a tarball (seed, backup); consistent: no query runs meanwhile. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      /** Folder for the embedded database; in memory when absent. */
      dataDir?: string | undefined;
      /** Start from a dump of an already migrated database (tests: much faster than a fresh initdb). */
      loadDataDir?: Blob | undefined;
    };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 727_274_101;

/**
 * PostgreSQL's defaults are sized for a dedicated server; inside this process every buffer is
 * WebAssembly memory that, once touched, is never given back. A small site's database fits in
 * 16 MB of buffers, and the operating system caches its files besides
 * (docs/decisions/039-light-embedded-default.md).
 */
const PGLITE_SETTINGS = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=2MB',
];

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  // One process per folder: a second one would split the data (see data-dir-lock.ts).
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  let client: PGlite | undefined;
  // A new folder's database is made by initdb in a second, temporary PGlite (its own WebAssembly
  // memory). In-memory databases (tests) are left to the collector's own pace.
  const initdb = Boolean(dataDir) && !loadDataDir && !existsSync(path.join(dataDir!, 'PG_VERSION'));
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    // The lock above guarantees that no other process migrates this database at the same time.
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    // An idle server may not collect for a long while, and the temporary instance stays resident
    // (hundreds of MB) until then: collect now (docs/decisions/039-light-embedded-default.md).
    if (initdb) collectGarbage();
  } catch (error) {
    await client?.close().catch(() => {});
    lock?.release();
    throw error;
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    dump: (compression = 'none') => pglite.dumpDataDir(compression),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** How long getting a connection may take: opening one, or waiting for a free one in the pool. */
export const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a query may wait for its answer: statement_timeout cannot help when the network is gone.
 * Generous, because waiting for a row lock under contention is healthy.
 */
export const QUERY_TIMEOUT_MS = 10_000;

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  await migratePostgres(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client losing its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  pool.on('connect', keepPoolHealthy);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * Keeps the pool healthy through a network outage:
 * - a timed-out query leaves its client stuck, and a transaction releases it without an error;
 *   ending it (node-postgres destroys a hung client's socket) makes the pool drop it on release;
 * - drizzle's transaction sends BEGIN before the try/finally that releases the client, so a failed
 *   BEGIN would leak it until the pool is empty for good: it is released here, with the error.
 */
function keepPoolHealthy(client: pg.PoolClient): void {
  const query = client.query;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const result: unknown = Reflect.apply(query, this, args);
    if (result instanceof Promise) {
      const text = queryText(args[0]);
      result.catch((error: unknown) => {
        if (/^\s*begin\b/i.test(text)) {
          try {
            client.release(error instanceof Error ? error : true);
          } catch {
            // Already released by its caller: nothing leaked.
          }
        } else if (error instanceof Error && error.message === 'Query read timeout') {
          client.end().catch(() => {});
        }
      });
    }
    return result;
  } as typeof client.query;
}

function queryText(config: unknown): string {
  const text =
    typeof config === 'object' && config !== null && 'text' in config ? config.text : config;
  return typeof text === 'string' ? text : '';
}

/** Migrations get their own connection without the query timeout: a long one is not a hang. */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    // The advisory lock makes a second instance starting at once wait, then find nothing to apply.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}
