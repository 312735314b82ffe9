import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FREE_DOWNLOADS_PER_MONTH } from '#shared/billing/plans.ts';
import { DownloadHistoryResponseSchema } from '#shared/downloads/downloads.schemas.ts';
import { startServer, type RunningServer } from '#tests/support/server-process.ts';
import { createPostgresDatabase, describeOnPostgres } from '#tests/support/test-app.ts';

/**
 * The server process is killed (SIGKILL: no shutdown hook runs) while 200 downloads are being
 * tracked. After a restart on the same database, the recorded downloads are exactly the
 * acknowledged ones plus, at most, some of those that were in flight: none lost, none phantom,
 * and every user's count agrees with their recorded rows.
 */
const USERS = 20;
const REQUESTS = USERS * FREE_DOWNLOADS_PER_MONTH; // 200: every user's whole free allowance
const KILL_AFTER_RESPONSES = 50;

describeOnPostgres('SIGKILL during 200 concurrent downloads', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  let server: RunningServer | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-crash-'));
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      // The same secret after the restart, so sessions from before the crash are still valid.
      SESSION_SECRET: randomBytes(48).toString('base64url'),
      ADMIN_PASSWORD: 'crash-admin-password',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Every account here signs up from one address.
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
    };
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) await server.stop('SIGKILL');
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function register(base: string, n: number): Promise<string> {
    const res = await fetch(`${base}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `crash-${n}`,
        email: `crash-${n}@example.com`,
        password: 'crash-password',
        confirmPassword: 'crash-password',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wl_session='));
    expect(cookie).toBeDefined();
    return cookie!.split(';')[0]!;
  }

  it('keeps exactly the acknowledged downloads (and nothing that was refused) after a restart', async () => {
    server = await startServer(env);
    const base = server.url;
    const cookies: string[] = [];
    for (let n = 0; n < USERS; n += 5) {
      cookies.push(...(await Promise.all([0, 1, 2, 3, 4].map((i) => register(base, n + i)))));
    }

    type Outcome = 'acknowledged' | 'refused' | 'lost';
    const outcomes = new Map<string, Outcome>();
    let acknowledged = 0;
    const killed = server;
    const sent = Array.from({ length: REQUESTS }, (_, i) => {
      const user = i % USERS;
      const url = `https://upload.wikimedia.org/wikipedia/commons/crash/${user}/${i}.svg`;
      return { user, url };
    });
    await Promise.all(
      sent.map(async ({ user, url }) => {
        try {
          const res = await fetch(`${base}/api/downloads/track`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: cookies[user]! },
            body: JSON.stringify({ logoUrl: url, logoTitle: `Crash ${user}` }),
          });
          await res.arrayBuffer();
          if (res.status === 200) {
            outcomes.set(url, 'acknowledged');
            acknowledged += 1;
            if (acknowledged === KILL_AFTER_RESPONSES) void killed.stop('SIGKILL');
          } else {
            outcomes.set(url, 'refused');
          }
        } catch {
          // The connection died with the process: the client cannot know whether it was recorded.
          outcomes.set(url, 'lost');
        }
      }),
    );
    expect(await killed.stop('SIGKILL')).toBeNull(); // killed by the signal, not exited
    const count = (kind: Outcome) => [...outcomes.values()].filter((o) => o === kind).length;
    expect(count('acknowledged')).toBeGreaterThanOrEqual(KILL_AFTER_RESPONSES);
    // The kill really landed mid-flight, and nothing within the allowance was refused.
    expect(count('lost')).toBeGreaterThan(0);
    expect(count('refused')).toBe(0);

    server = await startServer(env);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    let rows: Array<{ username: string; logo_url: string; counted: boolean }>;
    let counts: Array<{ username: string; download_count: number }>;
    try {
      rows = (
        await admin.query<{ username: string; logo_url: string; counted: boolean }>(
          `select u.username, d.logo_url, d.counted
             from downloads d join users u on u.id = d.user_id`,
        )
      ).rows;
      counts = (
        await admin.query<{ username: string; download_count: number }>(
          `select username, download_count from users where username like 'crash-%'`,
        )
      ).rows;
    } finally {
      await admin.end();
    }

    const recorded = rows.map((r) => r.logo_url);
    // No download is recorded twice.
    expect(new Set(recorded).size).toBe(recorded.length);
    // None phantom: every recorded download was sent, and was either acknowledged or in flight.
    for (const url of recorded) {
      expect(['acknowledged', 'lost'], url).toContain(outcomes.get(url));
    }
    // None lost: every acknowledged download is recorded.
    const recordedSet = new Set(recorded);
    const missing = [...outcomes]
      .filter(([url, o]) => o === 'acknowledged' && !recordedSet.has(url))
      .map(([url]) => url);
    expect(missing).toEqual([]);
    // Each user's count is exactly their recorded, counted downloads (the count and the history
    // row are written in one transaction).
    expect(counts).toHaveLength(USERS);
    for (const { username, download_count } of counts) {
      const counted = rows.filter((r) => r.username === username && r.counted).length;
      expect(download_count, username).toBe(counted);
    }

    // The restarted app tells the users the same, on their sessions from before the crash.
    for (const user of [0, 1]) {
      const headers = { cookie: cookies[user]! };
      const history = await fetch(`${server.url}/api/user/downloads`, { headers });
      expect(history.status).toBe(200);
      const urls = DownloadHistoryResponseSchema.parse(await history.json()).history.map(
        (h) => h.logoUrl,
      );
      const own = rows.filter((r) => r.username === `crash-${user}`);
      expect(urls.sort()).toEqual(own.map((r) => r.logo_url).sort());
      const me = await fetch(`${server.url}/api/user`, { headers });
      expect(((await me.json()) as { downloadCount: number }).downloadCount).toBe(
        own.filter((r) => r.counted).length,
      );
    }
    // Two server starts and 20 sign-ups (each a password hash) take most of 30 s on a busy
    // 2-core machine: the limit is for a hang, not for a slow machine.
  }, 120_000);
});
