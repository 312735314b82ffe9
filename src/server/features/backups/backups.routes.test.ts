import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import type { Backup, BackupsResponse } from '#shared/admin/backups.schemas.ts';
import { createTestApp, databaseTargets, openTestPglite } from '#tests/support/test-app.ts';
import { SESSION_COOKIE, login, register, sessionOf } from '#tests/support/accounts-fixtures.ts';
import { createBackupsService } from './backups.service.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The accounts inside a backup file, read by opening it as a database of its own. */
async function usernamesIn(file: string): Promise<string[]> {
  const tarball = gunzipSync(await readFile(file));
  const copy = await openDatabase({
    kind: 'pglite',
    loadDataDir: new Blob([new Uint8Array(tarball)]),
  });
  try {
    const result = (await copy.db.execute(sql`select username from users order by username`)) as {
      rows: Array<{ username: string }>;
    };
    return result.rows.map((row) => row.username);
  } finally {
    await copy.close();
  }
}

describe.each(databaseTargets)('backups in the admin area on %s', (target) => {
  let testApp: TestApp;
  let dataDir: string;
  let adminCookie: Record<string, string>;
  let userCookie: Record<string, string>;
  const app = () => testApp.app;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-backups-'));
    testApp = await createTestApp(target, { DATA_DIR: dataDir, BACKUP_KEEP: '2' });
    adminCookie = {
      [SESSION_COOKIE]: sessionOf(await login(app(), 'admin', 'test-admin-password')),
    };
    userCookie = { [SESSION_COOKIE]: (await register(app(), 'carol')).session };
  });
  afterAll(async () => {
    await testApp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const list = async () => {
    const res = await app().inject({
      method: 'GET',
      url: '/api/admin/backups',
      cookies: adminCookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BackupsResponse>();
  };
  const backUpNow = () =>
    app().inject({ method: 'POST', url: '/api/admin/backups', cookies: adminCookie });

  it('is for administrators only', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const anonymous = await app().inject({ method, url: '/api/admin/backups' });
      expect(anonymous.statusCode).toBe(401);
      const user = await app().inject({ method, url: '/api/admin/backups', cookies: userCookie });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ message: expect.any(String), code: 'ADMIN_REQUIRED' });
    }
    expect(await readdir(dataDir)).not.toContain('backups');
  });

  if (target === 'postgres') {
    it('says that the backups belong to PostgreSQL, and writes none', async () => {
      expect(await list()).toEqual({
        backups: [],
        managedBy: 'postgres',
        intervalHours: 0,
        keep: 2,
      });
      const res = await backUpNow();
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/PostgreSQL.*pg_dump/);
      expect(await readdir(dataDir)).not.toContain('backups');
    });
    return;
  }

  it('backs up on demand into DATA_DIR/backups, lists newest first and keeps BACKUP_KEEP', async () => {
    expect(await list()).toEqual({
      backups: [],
      managedBy: 'wikilogos',
      intervalHours: 24,
      keep: 2,
    });

    const first = await backUpNow();
    expect(first.statusCode, first.body).toBe(201);
    const firstBackup = first.json<Backup>();
    expect(firstBackup).toEqual({
      name: expect.stringMatching(/^wikilogos-.*\.tar\.gz$/),
      size: expect.any(Number),
      createdAt: expect.any(String),
    });
    // The audit log says who took it.
    const audit = await app().inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      cookies: adminCookie,
    });
    expect(audit.json<{ entries: unknown[] }>().entries[0]).toMatchObject({
      actor: 'admin',
      action: 'create-backup',
      target: firstBackup.name,
    });
    // A real database: opened on its own it holds the accounts of the moment it was taken.
    await register(app(), 'dave');
    expect(await usernamesIn(path.join(dataDir, 'backups', firstBackup.name))).toEqual([
      'admin',
      'carol',
    ]);

    // Three administrators pressing 'Back up now' at once: three complete backups, one after the
    // other, and only the newest two kept.
    const burst = await Promise.all([backUpNow(), backUpNow(), backUpNow()]);
    expect(burst.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    const names = burst.map((res) => res.json<Backup>().name);
    expect(new Set(names).size).toBe(3);

    const { backups } = await list();
    expect(backups).toHaveLength(2);
    const newestFirst = [...backups].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(backups).toEqual(newestFirst);
    expect(backups.map((b) => b.name)).not.toContain(firstBackup.name);
    // Only finished backups in the folder: nothing half-written is left next to them.
    expect((await readdir(path.join(dataDir, 'backups'))).sort()).toEqual(
      backups.map((b) => b.name).sort(),
    );
    expect(await usernamesIn(path.join(dataDir, 'backups', backups[0]!.name))).toEqual([
      'admin',
      'carol',
      'dave',
    ]);
  });
});

describe('scheduled backups', () => {
  it('backs up every interval on its own and keeps only the newest BACKUP_KEEP', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-scheduled-'));
    const database = await openTestPglite();
    const service = createBackupsService({
      dir,
      dump: () => database.dump!('none'),
      // Every 0.36 seconds: several rounds within the test.
      intervalHours: 0.0001,
      keep: 2,
      log: { info: () => {}, error: () => {} },
    });
    try {
      await service.start();
      // Waits for the schedule to have run at least three times (two kept, the first pruned).
      const written = new Set<string>();
      while (written.size < 3) {
        for (const backup of (await service.describe()).backups) written.add(backup.name);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await service.stop();
      const { backups } = await service.describe();
      expect(backups.length).toBeLessThanOrEqual(2);
      expect(backups.length).toBeGreaterThan(0);
      // A database with the app's tables (no accounts: this one never ran the app).
      expect(await usernamesIn(path.join(dir, backups[0]!.name))).toEqual([]);
    } finally {
      await service.stop();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
