import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/*
 * PGlite does not stop a second process opening the same folder (both would run, report healthy and
 * overwrite each other's writes): a lock file beside it, created with O_EXCL (atomic on every local
 * filesystem), makes the second refuse to start.
 */

type LockOwner = { pid: number; hostname: string; startedAt: string; nonce: string };

type DataDirLock = {
  /** The lock file. */
  file: string;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release: () => void;
};

/** Another live process holds the folder; the message names the folder and that process. */
export class DataDirLockedError extends Error {
  readonly folder: string;
  readonly owner: Partial<LockOwner>;

  constructor(folder: string, lockFile: string, owner: Partial<LockOwner>, detail: string) {
    const who =
      owner.pid === undefined
        ? 'another process'
        : `process ${owner.pid} on ${owner.hostname ?? 'an unknown host'}` +
          (owner.startedAt ? ` (started ${owner.startedAt})` : '');
    super(
      `The database folder ${folder} is in use by ${who}. ${detail} ` +
        `If no WikiLogos runs there any more, delete ${lockFile} and start again.`,
    );
    this.name = 'DataDirLockedError';
    this.folder = folder;
    this.owner = owner;
  }
}

// Locks this process holds: opening the same folder twice in one process is the same mistake.
const heldHere = new Set<string>();

/**
 * Locks `folder` (the file `folder + '.lock'`), recovering a dead local process's lock; throws
 * DataDirLockedError while a live process holds it.
 */
export async function lockDataDir(folder: string): Promise<DataDirLock> {
  const file = `${folder}.lock`;
  if (heldHere.has(file)) {
    throw new DataDirLockedError(folder, file, currentOwner(), 'This process already opened it.');
  }
  await mkdir(path.dirname(folder), { recursive: true });
  const me: LockOwner = { ...currentOwner(), nonce: randomBytes(8).toString('hex') };
  const content = JSON.stringify(me) + '\n';
  // A few rounds at most: each round either creates the file, or removes one stale lock.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, content)) {
      heldHere.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        process.off('exit', release);
        // Only our own lock: a file someone else wrote after recovering ours stays.
        if (readRaw(file) === content) safeUnlink(file);
      };
      // A process that exits without closing the database (process.exit) still leaves no lock.
      process.on('exit', release);
      return { file, release };
    }
    const raw = readRaw(file);
    if (raw === undefined) continue; // released between our two steps: try again
    const owner = parseOwner(raw);
    if (!owner) {
      // Left by a process that died mid-write (or not ours); 0.5 s old, so not being written now.
      if (!isOlderThan(file, 500)) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      recoverStale(file, raw);
      continue;
    }
    if (owner.hostname !== os.hostname()) {
      const detail = 'That host cannot be checked from here, so this process will not start.';
      throw new DataDirLockedError(folder, file, owner, detail);
    }
    // Our own pid in a lock we do not hold: a container restarted with the same pid.
    if (owner.pid !== process.pid && isAlive(owner.pid)) {
      const detail =
        'Only one process may use an embedded database: stop that process first, or give this one another DATA_DIR (several instances need DATABASE_URL).';
      throw new DataDirLockedError(folder, file, owner, detail);
    }
    recoverStale(file, raw);
  }
  throw new DataDirLockedError(folder, file, {}, 'Its lock kept changing hands.');
}

function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    nonce: '',
  };
}

/** O_EXCL ('wx'): exactly one process creates the file. */
function tryCreate(file: string, content: string): boolean {
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Moves a dead process's lock aside; the rename is atomic, so of two recoverers one wins. If what
 * moved is no longer the stale lock (the other wrote its own meanwhile), it is put back.
 */
function recoverStale(file: string, staleContent: string): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readRaw(aside) !== staleContent) {
    try {
      // link() fails when the name exists again, so a third process's fresh lock is never replaced.
      linkSync(aside, file);
    } catch {
      // Someone holds the name now; the moved lock's owner will find its file gone at release.
    }
  }
  safeUnlink(aside);
}

function parseOwner(raw: string): LockOwner | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LockOwner>;
    const { pid, hostname, startedAt, nonce } = value;
    if (typeof pid === 'number' && typeof hostname === 'string')
      return { pid, hostname, startedAt: String(startedAt ?? ''), nonce: String(nonce ?? '') };
  } catch {
    // Not JSON: unreadable.
  }
  return undefined;
}

/** Whether a process with this pid runs on this host (EPERM: it runs, as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRaw(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isOlderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > ms;
  } catch {
    return true;
  }
}

function safeUnlink(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
