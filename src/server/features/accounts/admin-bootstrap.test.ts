import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';
import {
  createPostgresDatabase,
  databaseTargets,
  openTestPglite,
} from '#tests/support/test-app.ts';
import { verifyPassword } from './password.ts';

/** Captures what the app logs, as an operator reading the console would see it. */
function captureLog() {
  const lines: string[] = [];
  return {
    lines,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  };
}

describe.each(databaseTargets)('administrator created at first start on %s', (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function freshDatabase() {
    if (target === 'pglite') {
      const database = await openTestPglite();
      cleanups.push(() => database.close());
      return { database, url: undefined };
    }
    const pg = await createPostgresDatabase();
    cleanups.push(pg.drop);
    const database = await openDatabase({ kind: 'postgres', url: pg.url });
    cleanups.push(() => database.close());
    return { database, url: pg.url };
  }

  async function start(
    database: Awaited<ReturnType<typeof openTestPglite>>,
    env: Record<string, string> = {},
  ) {
    const log = captureLog();
    const app = await buildApp(
      loadConfig({ LOG_LEVEL: 'info', ...env }, { inMemoryDatabase: true }),
      { database, logger: log.logger },
    );
    await app.ready();
    await app.close();
    return { log: log.lines.join(''), created: app.administratorCreated };
  }

  it('generates a strong password, hands it to the start banner once, never logs it, and stores only its hash', async () => {
    const { database } = await freshDatabase();
    const first = await start(database);
    expect(first.created?.username).toBe('admin');
    const password = first.created!.generatedPassword;
    expect(password.length).toBeGreaterThanOrEqual(20);
    // Log lines are shipped to collectors and kept: the password is never one of them.
    expect(first.log).toContain('Created the administrator \\"admin\\" with a generated password');
    expect(first.log).not.toContain(password);

    const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin?.isAdmin).toBe(true);
    expect(admin?.passwordHash).not.toContain(password);
    expect(await verifyPassword(password, admin!.passwordHash!)).toBe(true);

    // The next start finds the administrator and neither creates another nor prints a password.
    const second = await start(database);
    expect(second.created).toBeNull();
    expect(second.log).not.toContain('generated password');
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  it('uses ADMIN_USERNAME and ADMIN_PASSWORD when given, and never logs that password', async () => {
    const { database } = await freshDatabase();
    const { log, created } = await start(database, {
      ADMIN_USERNAME: 'ops-team',
      ADMIN_PASSWORD: 'a-very-secret-pass',
    });
    expect(created).toBeNull();
    expect(log).not.toContain('a-very-secret-pass');
    const [admin] = await database.db.select().from(users);
    expect(admin?.username).toBe('ops-team');
    expect(await verifyPassword('a-very-secret-pass', admin!.passwordHash!)).toBe(true);
  });
});
