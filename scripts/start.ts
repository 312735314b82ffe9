// npm start: serve the built client, building it first when it is missing or older than its
// sources. A production install (`npm ci --omit=dev`) has no Vite: it serves the build it was
// given, and the build script is loaded only where it can run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
