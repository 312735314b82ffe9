// npm start: serve the built client, building it first when it is missing or older than its
// sources. A production install (`npm ci --omit=dev`) has no Vite: it serves the build it was
// given, and the build script is loaded only where it can run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Node and allocator settings that keep an idle server small (docs/decisions/039-light-embedded-default.md):
 * a 4 MB young generation instead of V8's default (its pages stayed resident: ~100 MB idle);
 * WebAssembly (the embedded database) compiled by Liftoff only, because TurboFan needs ~600 MB
 * of compiler memory for one of PostgreSQL's functions and the allocator keeps most of it;
 * V8 tuned for size rather than peak speed (a heap ~20 MB smaller idle, for no loss the server
 * bench can see: docs/decisions/045-lean-idle-server-and-responsive-batches.md);
 * glibc with two arenas and a fixed mmap threshold, so large freed buffers go back to the system.
 */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--liftoff-only', '--optimize-for-size'];
const SERVER_ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

// React's production build for server rendering (its development build is larger and slower);
// nothing else in the server reads NODE_ENV.
process.env.NODE_ENV ??= 'production';

// The flags only take effect when the process starts: start it again, in place (same pid, so
// signals and process managers see one process), with them. Flags given on the command line come
// after these and win; allocator variables already in the environment are kept.
const missingFlags = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
if (missingFlags.length > 0 && typeof process.execve === 'function') {
  process.execve(
    process.execPath,
    [process.execPath, ...missingFlags, ...process.execArgv, ...process.argv.slice(1)],
    { ...SERVER_ALLOCATOR_ENV, ...process.env },
  );
}

const root = fileURLToPath(new URL('..', import.meta.url));
const viteInstalled = existsSync(path.join(root, 'node_modules/.bin/vite'));

if (viteInstalled) {
  const { buildClient, clientBuildIsStale } = await import('./client-build.ts');
  if (clientBuildIsStale()) buildClient('missing or older than its sources');
} else if (!existsSync(path.join(root, 'dist/client/index.html'))) {
  console.error(
    'WikiLogos cannot start: the client is not built (dist/client is missing), and building it ' +
      'needs the development dependencies, which are not installed.\n' +
      'Build it where they are (npm ci && npm run build), then copy dist/ here, or run npm ci ' +
      'without --omit=dev.',
  );
  process.exit(1);
}
await import('../src/server/server.ts');
