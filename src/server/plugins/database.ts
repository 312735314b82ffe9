import path from 'node:path';
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import type { Config } from '#server/config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** PostgreSQL when DATABASE_URL is set; otherwise embedded PGlite under DATA_DIR (or in memory for tests). */
export const databasePlugin = fp<{ config: Config; database?: DatabaseHandle | undefined }>(
  async (app, { config, database }) => {
    const handle =
      database ??
      (await openDatabase(
        config.DATABASE_URL
          ? { kind: 'postgres', url: config.DATABASE_URL }
          : {
              kind: 'pglite',
              dataDir: config.inMemoryDatabase ? undefined : path.resolve(config.DATA_DIR, 'db'),
            },
      ));
    app.decorate('database', handle);
    // A handle passed in by a test belongs to the test, which closes it.
    if (!database) app.addHook('onClose', () => handle.close());
    app.log.info({ database: handle.kind }, 'database ready');
  },
  { name: 'database' },
);
