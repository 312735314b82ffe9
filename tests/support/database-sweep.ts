import pg from 'pg';

/*
 * Test databases on the shared PostgreSQL are named wl_test_<pid>_<random>, after the process
 * that made them. A run that is interrupted (Ctrl-C, a killed worker) cannot drop its own, so
 * every run starts and ends by dropping those whose process is gone.
 */
export const TEST_DATABASE_PREFIX = 'wl_test_';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops every wl_test_ database whose creating process has exited; returns their names. */
async function sweepStaleTestDatabases(baseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [TEST_DATABASE_PREFIX],
    );
    const stale = rows
      .map((r) => r.datname)
      .filter((name) => {
        const pid = Number(name.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
        return !Number.isInteger(pid) || pid <= 0 || !alive(pid);
      });
    for (const name of stale) await client.query(`drop database if exists "${name}" with (force)`);
    return stale;
  } finally {
    await client.end();
  }
}

/** Vitest globalSetup: sweep before the run and again after it (every worker has exited then). */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  await sweepStaleTestDatabases(url);
  return async () => {
    await sweepStaleTestDatabases(url);
  };
}
