import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The cookie-signing secret: without SESSION_SECRET one is generated and kept in DATA_DIR (sessions
 * survive restarts). Several instances must share SESSION_SECRET.
 */
export async function loadOrCreateSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process wrote it first; then that one's secret wins.
    await writeFile(file, secret + '\n', { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await readFile(file, 'utf8')).trim();
  }
}
