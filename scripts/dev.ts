// npm run dev: the API server restarts on change; Vite serves the client with hot reload and
// proxies /api to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './client-build.ts';

const vitePort = process.env.VITE_PORT ?? '5173';
const apiPort = process.env.PORT ?? '3001';
const children = [
  spawn(
    process.execPath,
    ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/server.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        PUBLIC_URL: `http://localhost:${vitePort}`,
        LOG_LEVEL: 'info',
        ...process.env,
        PORT: apiPort,
      },
    },
  ),
  spawn(path.join(root, 'node_modules/.bin/vite'), [], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_PORT: vitePort, API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
