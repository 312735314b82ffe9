// npm test: unit and integration tests (Vitest, PGlite and — when TEST_DATABASE_URL is set —
// PostgreSQL) and, side by side with them, the client build and the browser journeys (Playwright +
// Debian's Chromium). A part whose tool is missing is skipped with a notice, unless
// REQUIRE_POSTGRES=1 / REQUIRE_E2E=1 make it mandatory.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { clientBuilds, root, vite } from './client-build.ts';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const required = (name: string) => process.env[name] === '1' || process.env[name] === 'true';
const env = { ...process.env };
const resultsDir = path.join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
/**
 * The unit suites and the browser journeys run side by side: the journeys' server (one Node
 * thread with the embedded database in it) leaves a core mostly idle that the unit suites use.
 */
const parts: Promise<void>[] = [];

function fail(message: string): never {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}

async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisReachable(url: string): Promise<string | null> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    redis.disconnect();
  }
}

/**
 * Runs a command with its output prefixed line by line (`[unit] `, `[e2e] `): the two parts run at
 * once and their reports must stay readable. Resolves with the exit status.
 */
function run(
  label: string,
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<number | null> {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, ...extraEnv },
  });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) out.write(`[${label}] ${line}\n`);
    });
    stream.on('end', () => pending && out.write(`[${label}] ${pending}\n`));
  }
  return new Promise((resolve) => child.on('close', (status) => resolve(status)));
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

// Every check first, so nothing has started when a required part cannot run.
let runJourneys = only !== 'unit';
const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (runJourneys && !existsSync(chromium)) {
  if (required('REQUIRE_E2E'))
    fail(
      `Chromium is not installed at ${chromium} and REQUIRE_E2E=1 (apt-get install -y chromium).`,
    );
  console.warn(
    `! Chromium is not installed at ${chromium}: skipping the browser journeys (apt-get install -y chromium).`,
  );
  runJourneys = false;
}

if (only !== 'e2e') {
  if (env.TEST_DATABASE_URL) {
    const problem = await postgresReachable(env.TEST_DATABASE_URL);
    if (problem && required('REQUIRE_POSTGRES'))
      fail(`PostgreSQL at TEST_DATABASE_URL is not reachable (${problem}) and REQUIRE_POSTGRES=1.`);
    if (problem) {
      console.warn(
        `! PostgreSQL at TEST_DATABASE_URL is not reachable (${problem}): skipping the PostgreSQL runs.`,
      );
      delete env.TEST_DATABASE_URL;
    } else console.log('• Database tests run on PGlite and on PostgreSQL (TEST_DATABASE_URL).');
  } else if (required('REQUIRE_POSTGRES')) {
    fail(
      'REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
  } else {
    console.warn('! TEST_DATABASE_URL is not set: database tests run on PGlite only.');
  }
  if (env.REDIS_URL) {
    const problem = await redisReachable(env.REDIS_URL);
    if (problem && required('REQUIRE_POSTGRES'))
      fail(`Redis at REDIS_URL is not reachable (${problem}) and REQUIRE_POSTGRES=1.`);
    if (problem) {
      console.warn(`! Redis at REDIS_URL is not reachable (${problem}): skipping the Redis runs.`);
      delete env.REDIS_URL;
    } else console.log('• Shared rate-limit tests run on Redis (REDIS_URL).');
  } else if (required('REQUIRE_POSTGRES')) {
    // The scale-out path is PostgreSQL and Redis together (several instances, shared limits).
    fail('REQUIRE_POSTGRES=1 but REDIS_URL is not set (e.g. redis://127.0.0.1:6379).');
  }

  const json = path.join(resultsDir, 'vitest.json');
  rmSync(json, { force: true });
  parts.push(
    run('unit', path.join(root, 'node_modules/.bin/vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ]).then((status) => {
      const report = readJson(json);
      if (report) {
        totals.passed += Number(report.numPassedTests ?? 0);
        totals.failed += Number(report.numFailedTests ?? 0);
        totals.skipped += Number(report.numPendingTests ?? 0) + Number(report.numTodoTests ?? 0);
      }
      if (status !== 0) broken = true;
    }),
  );
}

if (runJourneys) {
  // Always the current code: the journeys run against a fresh production build.
  parts.push(
    (async () => {
      for (const args of clientBuilds) {
        if ((await run('build', vite, args)) !== 0) {
          console.error('The client build failed; see the errors above.');
          broken = true;
          return;
        }
      }
      const json = path.join(resultsDir, 'e2e.json');
      rmSync(json, { force: true });
      const status = await run('e2e', path.join(root, 'node_modules/.bin/playwright'), ['test'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: json,
      });
      const stats = readJson(json)?.stats as Record<string, number> | undefined;
      if (stats) {
        totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
        totals.failed += stats.unexpected ?? 0;
        totals.skipped += stats.skipped ?? 0;
      }
      if (status !== 0) broken = true;
    })(),
  );
}

await Promise.all(parts);
if (broken && totals.failed === 0) totals.failed = 1; // a runner that crashed before reporting still fails the run
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken ? 1 : 0);
