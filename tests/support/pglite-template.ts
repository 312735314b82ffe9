import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database (see openTestPglite). */
    pgliteTemplate: string;
  }
}

/** Vitest globalSetup: migrates one PGlite once per run, for every test file to start from. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-pglite-'));
  const file = path.join(dir, 'template.tar');
  const seed = await openDatabase({ kind: 'pglite' });
  try {
    await writeFile(file, Buffer.from(await (await seed.dump!()).arrayBuffer()));
  } finally {
    await seed.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
