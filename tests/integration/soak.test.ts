import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWikimediaFake, type WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import { startServer, waitForHealthy, type RunningServer } from '#tests/support/server-process.ts';
import {
  formatSoakTable,
  runSoak,
  SOAK_ROUTES,
  ONE_ADDRESS_LOAD_ENV,
} from '#tests/support/soak.ts';
import { createPostgresDatabase, databaseTargets } from '#tests/support/test-app.ts';

/*
 * The load soak in its reduced form (the full 60 s run is in `npm run bench`): 200 concurrent
 * virtual users mixing search, sign-in, download tracking and history against one real server
 * process. Only the intended 403 (quota) and 429 (rate limit) may appear besides 2xx. Latencies
 * are printed, never asserted: this machine's speed is not what the test is about.
 */

const USERS = 200;
// Long enough for every route to be exercised and answered; the duration itself proves nothing.
const DURATION_MS = Number(process.env.SOAK_DURATION_MS ?? 3_000);

describe.each(databaseTargets)('load soak on %s', (target) => {
  let fake: WikimediaFake;
  let server: RunningServer | undefined;
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  beforeAll(async () => {
    fake = await startWikimediaFake();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-soak-'));
    if (target === 'postgres') postgres = await createPostgresDatabase();
    server = await startServer(
      {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'soak-admin-password',
        COMMONS_API_URL: fake.commonsApiUrl,
        WIKIDATA_API_URL: fake.wikidataApiUrl,
        // The soak is about errors under load, not the per-address limits every user here shares.
        ...ONE_ADDRESS_LOAD_ENV,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        // On PostgreSQL the production shape: the search cache and rate-limit counters in Redis.
        ...(postgres && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      },
      { maxOutputChars: 200_000 },
    );
    await waitForHealthy(server.url);
  });

  afterAll(async () => {
    try {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        const killer = setTimeout(() => server!.child.kill('SIGKILL'), 10_000);
        await server.stop('SIGTERM');
        clearTimeout(killer);
      }
    } finally {
      await fake?.close();
      await postgres?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  });

  it(
    `${USERS} virtual users for ${DURATION_MS / 1000} s: every route exercised, no unexpected error`,
    async () => {
      const summary = await runSoak({
        baseUrl: server!.url,
        users: USERS,
        durationMs: DURATION_MS,
        // Few accounts, each shared by many members: free accounts meet their quota within the
        // short run, so the intended 403 shows up too.
        accounts: 4,
        // npm test runs other files alongside on a 2-core machine: a slow answer is not the
        // failure looked for here, a lost or failed one is.
        requestTimeoutMs: 60_000,
      });
      console.log(`\nLoad soak on ${target}:\n${formatSoakTable(summary)}\n`);
      if (summary.unexpected.count > 0) {
        const errors = server!
          .output()
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line));
        console.log(
          `The server logged ${errors.length} errors; the first:\n${errors.slice(0, 5).join('\n')}`,
        );
      }
      expect(summary.unexpected.samples).toEqual([]);
      expect(summary.unexpected.count).toBe(0);
      for (const route of SOAK_ROUTES) {
        const stats = summary.routes[route]!;
        expect(stats.count, `${route} was exercised`).toBeGreaterThan(0);
        expect(
          Object.keys(stats.statuses).some((status) => status.startsWith('2')),
          `${route} answered successfully at least once`,
        ).toBe(true);
      }
      // The server is still healthy afterwards.
      expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
    },
    DURATION_MS + 150_000,
  );
});
