import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/client/index.html');
/** The server build of the same pages; the server renders them with it (entry-server.tsx). */
const builtServerEntry = path.join(root, 'dist/server/entry-server.js');
// Everything the client bundle is made from.
const inputs = ['src/client', 'src/shared', 'public', 'vite.config.ts', 'package-lock.json'];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

export function clientBuildIsStale(): boolean {
  if (!existsSync(builtIndex) || !existsSync(builtServerEntry)) return true;
  const built = Math.min(statSync(builtIndex).mtimeMs, statSync(builtServerEntry).mtimeMs);
  return inputs.some((input) => newestChange(path.join(root, input)) > built);
}

/** Builds the client and its server build with Vite; exits the process if a build fails. */
export const vite = path.join(root, 'node_modules/.bin/vite');
/** The two Vite builds: the browser's bundle, then the server's render of the same pages. */
export const clientBuilds = [
  ['build', '--logLevel', 'warn'],
  ['build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn'],
];

export function buildClient(reason: string) {
  console.log(`Building the client (${reason})…`);
  for (const args of clientBuilds) {
    const result = spawnSync(vite, args, {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      console.error('The client build failed; see the errors above.');
      process.exit(result.status ?? 1);
    }
  }
}

// `npm run build`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildClient('npm run build');
}
