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
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core runner.
    // Most files wait on sockets, databases and child processes rather than compute, so two
    // files at a time nearly halve the run (docs/decisions/028-test-suite-structure.md).
    maxWorkers: 2,
  },
});
