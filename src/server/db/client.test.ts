import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import journal from './migrations/meta/_journal.json' with { type: 'json' };
import { openDatabase } from './client.ts';
import { createPostgresDatabase, describeOnPostgres } from '#tests/support/test-app.ts';

describeOnPostgres('PostgreSQL migrations', () => {
  it('lets several instances start at the same moment on one empty database', async () => {
    const pg = await createPostgresDatabase();
    try {
      const handles = await Promise.all(
        Array.from({ length: 4 }, () =>
          openDatabase({ kind: 'postgres', url: pg.url, poolSize: 2 }),
        ),
      );
      try {
        const first = handles[0]!;
        const applied = (await first.db.execute(
          sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
        )) as {
          rows: Array<{ count: number }>;
        };
        // Each migration recorded exactly once, however many instances raced.
        expect(applied.rows[0]?.count).toBe(journal.entries.length);
        for (const handle of handles) await expect(handle.ping()).resolves.toBeUndefined();
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await pg.drop();
    }
  });
});

it('sizes the embedded database for a small site: its buffers stay small', async () => {
  // Every buffer of the embedded database is memory of the server process that is never handed
  // back once used (docs/decisions/039-light-embedded-default.md).
  const embedded = await openDatabase({ kind: 'pglite' });
  try {
    const shown = (await embedded.db.execute(
      sql`select current_setting('shared_buffers') as buffers,
                 current_setting('maintenance_work_mem') as maintenance`,
    )) as { rows: Array<{ buffers: string; maintenance: string }> };
    expect(shown.rows[0]).toEqual({ buffers: '16MB', maintenance: '16MB' });
  } finally {
    await embedded.close();
  }
});
