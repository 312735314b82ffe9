import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';

type RestoreResult = {
  /** DATA_DIR/db, now holding the backup's data. */
  database: string;
  /** Where the database that was there before now is; absent when there was none. */
  previous: string | undefined;
};

/** The backup is not a database backup (a wrong file, a truncated download). */
export class NotABackupError extends Error {
  override readonly name = 'NotABackupError';
}

/**
 * Puts a backup (a gzipped tarball of PGlite's folder) back in DATA_DIR/db, under the database's
 * lock (DataDirLockedError while a server runs). It is unpacked and opened aside first, so a bad
 * file changes nothing; the current database is kept as db.before-restore-<time>.
 */
export async function restoreBackup(dataDir: string, backupFile: string): Promise<RestoreResult> {
  const database = path.resolve(dataDir, 'db');
  const source = path.resolve(backupFile);
  // The server first: its refusal is the message that matters, whatever the file.
  const lock = await lockDataDir(database);
  try {
    let tarball: Buffer;
    try {
      const bytes = await readFile(source);
      tarball = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new NotABackupError(`There is no file ${source}.`);
      if (code === 'EISDIR') throw new NotABackupError(`${source} is a folder, not a backup file.`);
      const reason = (error as Error).message;
      throw new NotABackupError(`${source} is not a readable backup (${reason}).`);
    }

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const staging = `${database}.restoring-${stamp}`;
    try {
      const loadDataDir = new Blob([new Uint8Array(tarball)]);
      const client = await PGlite.create({ dataDir: staging, loadDataDir });
      try {
        // A tarball of something else would load but leave no database to query.
        await client.query('select 1');
      } finally {
        await client.close();
      }
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      const reason = (error as Error).message;
      throw new NotABackupError(`${source} is not a WikiLogos database backup (${reason}).`);
    }
    const previous = existsSync(database) ? `${database}.before-restore-${stamp}` : undefined;
    if (previous) await rename(database, previous);
    await rename(staging, database);
    return { database, previous };
  } finally {
    lock.release();
  }
}
