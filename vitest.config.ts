import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'tests/fakes/**/*.test.ts',
    ],
    environment: 'node',
    // One migrated PGlite for every file to load; stale PostgreSQL test databases swept.
    globalSetup: ['tests/support/pglite-template.ts', 'tests/support/database-sweep.ts'],
    // Integration tests open databases and spawn servers; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Not threads: the embedded database's folder lock and backups rely on one process per file.
    pool: 'forks',
  },
});
