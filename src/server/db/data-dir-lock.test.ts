import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** The pid of a process that ran and is gone. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the lock of an embedded database folder', () => {
  let dir: string;
  let folder: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-lock-unit-'));
    folder = path.join(dir, 'db');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const writeLock = (owner: object) => writeFile(`${folder}.lock`, JSON.stringify(owner));

  it('records who holds it, and removes the file when released', async () => {
    const lock = await lockDataDir(folder);
    const owner = JSON.parse(await readFile(lock.file, 'utf8')) as Record<string, unknown>;
    expect(owner).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(Date.parse(String(owner.startedAt))).not.toBeNaN();
    await expect(lockDataDir(folder)).rejects.toThrow(DataDirLockedError);
    lock.release();
    await expect(readFile(lock.file)).rejects.toThrow(/ENOENT/);
    (await lockDataDir(folder)).release();
  });

  it('takes over a lock whose process no longer runs on this host', async () => {
    await writeLock({ pid: deadPid(), hostname: os.hostname(), startedAt: 'earlier' });
    const lock = await lockDataDir(folder);
    expect(JSON.parse(await readFile(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('refuses while a live process holds it, naming the folder and the process', async () => {
    await writeLock({ pid: process.ppid, hostname: os.hostname(), startedAt: 'earlier' });
    const error = await lockDataDir(folder).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`The database folder ${folder} is in use`);
    expect((error as Error).message).toContain(`process ${process.ppid} on ${os.hostname()}`);
    // Left as it was: the holder keeps its lock.
    expect(JSON.parse(await readFile(`${folder}.lock`, 'utf8'))).toMatchObject({
      pid: process.ppid,
    });
  });

  it('refuses a lock taken on another host, whose process cannot be checked from here', async () => {
    await writeLock({ pid: deadPid(), hostname: 'another-host', startedAt: 'earlier' });
    await expect(lockDataDir(folder)).rejects.toThrow(/on another-host.*cannot be checked/);
  });

  it('gives a stale lock to exactly one of several processes recovering it at once', async () => {
    await writeLock({ pid: deadPid(), hostname: os.hostname(), startedAt: 'earlier' });
    // Each process tries, reports, and holds what it got for a moment so the others see it alive.
    const script = `
      import { lockDataDir } from ${JSON.stringify(lockModule)};
      try {
        await lockDataDir(${JSON.stringify(folder)});
        console.log('got');
      } catch (error) {
        console.log(error.name);
      }
      setTimeout(() => {}, 1500);
    `;
    const outcomes = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
            let out = '';
            child.stdout.on('data', (c: Buffer) => (out += c.toString()));
            child.stderr.on('data', (c: Buffer) => (out += c.toString()));
            child.on('exit', () => resolve(out.trim()));
          }),
      ),
    );
    expect(outcomes.filter((o) => o === 'got')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DataDirLockedError')).toHaveLength(5);
  });
});
