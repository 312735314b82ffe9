import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import { HttpError } from '#server/http-error.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import type { Backup, BackupsResponse } from '#shared/admin/backups.schemas.ts';
import type { AuditRecorder } from '../admin/admin.service.ts';

// wikilogos-2026-01-31T02-00-00-000Z.tar.gz (and -2, -3… should two land in the same millisecond).
const BACKUP_NAME = /^wikilogos-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z(?:-\d+)?\.tar\.gz$/;
const PARTIAL_SUFFIX = '.partial';
// setTimeout keeps at most ~24.8 days; longer waits are taken in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

type BackupsServiceOptions = {
  /** DATA_DIR/backups. */
  dir: string;
  /** The embedded database's dump (an uncompressed tarball); absent on PostgreSQL. */
  dump: (() => Promise<Blob>) | undefined;
  intervalHours: number;
  keep: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  audit?: AuditRecorder | undefined;
};

export type BackupsService = ReturnType<typeof createBackupsService>;

const POSTGRES_BACKUPS_MESSAGE =
  'This server keeps its data in PostgreSQL (DATABASE_URL): back it up with PostgreSQL’s own tools (pg_dump), not from WikiLogos.';

/**
 * Online backups: PGlite dumps a consistent tarball while no query runs (~0.1 s for 40 MB), then
 * it is compressed and written under a temporary name, so only complete backups are listed.
 */
export function createBackupsService(options: BackupsServiceOptions) {
  const { dir, dump, intervalHours, keep, log, audit } = options;
  // One backup at a time: two at once would hold two dumps in memory for nothing.
  const oneAtATime = pLimit(1);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let startedAt = Date.now();
  let lastFailure = 0;

  async function list(): Promise<Backup[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const backups: Backup[] = [];
    for (const name of names) {
      const createdAt = createdAtOf(name);
      if (!createdAt) continue;
      try {
        const info = await stat(path.join(dir, name));
        if (info.isFile()) backups.push({ name, size: info.size, createdAt });
      } catch {
        // Deleted while listing (pruned by another request): not listed.
      }
    }
    return backups.sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name),
    );
  }

  async function write(reason: 'on demand' | 'scheduled'): Promise<Backup> {
    if (!dump) throw new HttpError(409, 'BACKUPS_UNAVAILABLE', POSTGRES_BACKUPS_MESSAGE);
    await mkdir(dir, { recursive: true });
    const started = new Date();
    const name = await freeName(started);
    let dumpMs: number;
    const partial = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}`);
    try {
      const dumpStarted = Date.now();
      const tarball = await dump();
      // The part that holds the database: what requests may wait for.
      dumpMs = Date.now() - dumpStarted;
      await pipeline(
        Readable.fromWeb(tarball.stream() as WebReadableStream<Uint8Array>),
        createGzip(),
        createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
      );
      await rename(partial, path.join(dir, name));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const backup = {
      name,
      size: (await stat(path.join(dir, name))).size,
      createdAt: started.toISOString(),
    };
    log.info(
      { backup: name, size: backup.size, ms: Date.now() - started.getTime(), dumpMs, reason },
      'database backup written',
    );
    await prune();
    return backup;
  }

  async function freeName(at: Date): Promise<string> {
    const base = `wikilogos-${at.toISOString().replace(/[:.]/g, '-')}`;
    const taken = new Set(await readdir(dir));
    for (let n = 1; ; n++) {
      const name = `${base}${n === 1 ? '' : `-${n}`}.tar.gz`;
      if (!taken.has(name)) return name;
    }
  }

  /** Keeps the newest `keep` backups, and removes what an interrupted backup left behind. */
  async function prune(): Promise<void> {
    const backups = await list();
    for (const old of backups.slice(keep)) {
      await rm(path.join(dir, old.name), { force: true });
      log.info({ backup: old.name }, 'old database backup deleted');
    }
    // Runs inside oneAtATime, so no partial file belongs to a backup still being written.
    for (const name of await readdir(dir)) {
      if (name.endsWith(PARTIAL_SUFFIX)) await rm(path.join(dir, name), { force: true });
    }
  }

  /**
   * Due one interval after the newest backup (restarts do not push it back), else after the start,
   * or after the last failure (a broken disk is retried once an interval, not in a loop).
   */
  async function nextDue(): Promise<number> {
    const newest = (await list())[0];
    const from = Math.max(newest ? Date.parse(newest.createdAt) : startedAt, lastFailure);
    return from + intervalHours * 3_600_000;
  }

  async function scheduleNext(): Promise<void> {
    if (stopped) return;
    const wait = Math.max(0, (await nextDue()) - Date.now());
    timer = setTimeout(() => void tick(), Math.min(wait, MAX_TIMER_MS));
    // A pending backup never keeps the process alive on its own.
    timer.unref();
  }

  async function tick(): Promise<void> {
    try {
      if (!stopped && Date.now() >= (await nextDue())) await oneAtATime(() => write('scheduled'));
    } catch (error) {
      lastFailure = Date.now();
      log.error({ err: error }, 'scheduled database backup failed; trying again in one interval');
    }
    await scheduleNext().catch((error: unknown) => {
      log.error({ err: error }, 'database backups are not scheduled any more');
    });
  }

  return {
    /** Writes a backup now (POST /api/admin/backups), in the audit log under the administrator. */
    async create(actor: User): Promise<Backup> {
      const backup = await oneAtATime(() => write('on demand'));
      await audit?.(actor, {
        action: 'create-backup',
        target: backup.name,
        detail: `${(backup.size / 1_000_000).toFixed(1)} MB`,
      });
      return backup;
    },

    async describe(): Promise<BackupsResponse> {
      return {
        backups: dump ? await list() : [],
        managedBy: dump ? 'wikilogos' : 'postgres',
        intervalHours: dump ? intervalHours : 0,
        keep,
      };
    },

    /** Starts the schedule (a no-op when it is off or there is nothing of ours to back up). */
    async start(): Promise<void> {
      if (!dump || intervalHours <= 0) return;
      startedAt = Date.now();
      await scheduleNext();
    },

    /** Stops the schedule and waits for a backup being written, so the database closes after it. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await oneAtATime(async () => {});
    },
  };
}

function createdAtOf(name: string): string | undefined {
  const match = BACKUP_NAME.exec(name);
  if (!match) return undefined;
  const [, hour, minute, second, ms] = match;
  return `${hour}:${minute}:${second}.${ms}Z`;
}
