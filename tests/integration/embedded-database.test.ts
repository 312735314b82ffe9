import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runServerToExit, startServer, type RunningServer } from '#tests/support/server-process.ts';

// The embedded database as an operator meets it: real server processes on one DATA_DIR, killed
// and restarted, backed up and restored with the npm script.

const restoreScript = fileURLToPath(new URL('../../scripts/db-restore.ts', import.meta.url));
const ADMIN_PASSWORD = 'embedded-admin-password';

function runRestore(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [restoreScript, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function post(url: string, body: unknown, cookie?: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function register(server: RunningServer, username: string) {
  const res = await post(`${server.url}/api/users/register`, {
    username,
    email: `${username}@example.com`,
    password: `${username}-password`,
    confirmPassword: `${username}-password`,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** The sign-in's status: 200 when the account exists with that password, 401 otherwise. */
async function signIn(server: RunningServer, username: string, password = `${username}-password`) {
  const res = await post(`${server.url}/api/users/login`, { username, password });
  return { status: res.status, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
}

// Each step starts a real server process (a few seconds each on a busy machine).
describe('the embedded database in DATA_DIR', () => {
  let dataDir: string | undefined;
  const servers: RunningServer[] = [];
  const start = async () => {
    const server = await startServer({ DATA_DIR: dataDir!, ADMIN_PASSWORD });
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of servers.splice(0))
      if (server.child.exitCode === null && server.child.signalCode === null)
        await server.stop('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // Idle, it held 580–690 MB before decision 039; now about 270–300 MB. The bound leaves room for a
  // busy machine's noise and catches a return of the large young generation or of TurboFan.
  it.runIf(process.platform === 'linux')(
    'stays light when started with npm start: the server process runs with its memory settings',
    async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-light-'));
      const server = await startServer(
        { DATA_DIR: dataDir, ADMIN_PASSWORD },
        { entry: 'npm start' },
      );
      servers.push(server);
      // The process that was started is the server itself, no wrapper: signals reach it.
      const pid = server.child.pid!;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline).toEqual(
        expect.arrayContaining(['--max-semi-space-size=4', '--liftoff-only']),
      );
      // Read as soon as it is ready: the first start's temporary initdb database must be gone.
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      expect(Number(/^VmRSS:\s+(\d+)/m.exec(status)![1]) / 1024).toBeLessThan(400);
    },
    120_000,
  );

  it('has one writer: a second server refuses to start, and a killed one leaves no lock behind', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-lock-'));
    const first = await start();
    await register(first, 'alice');

    // A second `npm start` on the same folder must refuse: two writers on one folder lose data.
    const second = await runServerToExit({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`The database folder ${path.join(dataDir, 'db')} is in use`);
    expect(second.stderr).toContain(`process ${first.child.pid} `);
    expect(second.stderr).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace

    // Restoring under a running server is refused the same way, and changes nothing.
    const restore = await runRestore(dataDir, [path.join(dataDir, 'no-such-backup.tar.gz')]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('Cannot restore while the server runs');
    expect(restore.stderr).toContain(`process ${first.child.pid} `);

    // The first server was never disturbed.
    expect((await signIn(first, 'alice')).status).toBe(200);

    // Killed outright: its lock stays, but its process is gone, so the next start recovers it.
    expect(await first.stop('SIGKILL')).toBeNull();
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
    const next = await start();
    expect((await signIn(next, 'alice')).status).toBe(200);

    // A clean stop releases the lock.
    expect(await next.stop('SIGTERM')).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  }, 180_000);

  it('restores a backup: the data is back as it was when the backup was taken', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-restore-'));
    const server = await start();
    await register(server, 'before');
    const admin = await signIn(server, 'admin', ADMIN_PASSWORD);
    expect(admin.status).toBe(200);

    const created = await post(`${server.url}/api/admin/backups`, {}, admin.cookie);
    expect(created.status).toBe(201);
    const backup = (await created.json()) as { name: string; size: number; createdAt: string };
    expect(backup.size).toBeGreaterThan(0);
    const listed = await fetch(`${server.url}/api/admin/backups`, {
      headers: { cookie: admin.cookie! },
    });
    expect(((await listed.json()) as { backups: unknown[] }).backups).toEqual([backup]);

    // After the backup: one account more.
    await register(server, 'after');
    expect(await server.stop('SIGTERM'), server.output()).toBe(0);

    const restored = await runRestore(dataDir, [path.join(dataDir, 'backups', backup.name)]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored`);
    // The database that was there is kept aside, not deleted.
    const kept = (await readdir(dataDir)).filter((n) => n.startsWith('db.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(restored.stdout).toContain(kept[0]);

    const again = await start();
    expect((await signIn(again, 'before')).status).toBe(200);
    expect((await signIn(again, 'after')).status).toBe(401);
    expect((await signIn(again, 'admin', ADMIN_PASSWORD)).status).toBe(200);

    // A file that is not a backup is refused with a message, and the database stays as it is.
    expect(await again.stop('SIGTERM')).toBe(0);
    const bad = await runRestore(dataDir, [path.join(dataDir, 'session-secret')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not a WikiLogos database backup');
    expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['db', ...kept]));
    expect((await readdir(dataDir)).filter((n) => n.startsWith('db.'))).toEqual(kept);
    // With DATABASE_URL the data is not in DATA_DIR: the command says what to use instead.
    const onPostgres = await runRestore(dataDir, [path.join(dataDir, 'backups', backup.name)], {
      DATABASE_URL: 'postgres://app@db.example:5432/wikilogos',
    });
    expect(onPostgres.code).toBe(1);
    expect(onPostgres.stderr).toContain('pg_restore');
  }, 180_000);
});
