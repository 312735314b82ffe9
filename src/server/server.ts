import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

// Listens and shuts down; everything else is built by buildApp so tests can use it without a port.

const SHUTDOWN_GRACE_MS = 10_000;
const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

let config;
try {
  config = loadConfig(process.env, { clientDir: existsSync(clientDir) ? clientDir : undefined });
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

let app: App;
try {
  app = await buildApp(config);
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  // Another process serves this DATA_DIR: starting too would split the data between the two.
  console.error(`WikiLogos cannot start: ${err.message}`);
  process.exit(1);
}
if (!config.clientDir)
  app.log.warn('dist/client is missing: only the API is served (run npm run build)');

let closing = false;
async function shutdown(signal: string) {
  if (closing) {
    app.log.warn(`${signal} received again: exiting now`);
    process.exit(1);
  }
  closing = true;
  app.log.info(`${signal} received: finishing in-flight requests, then closing`);
  const force = setTimeout(() => {
    app.log.error('in-flight requests did not finish in time: exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // Stops accepting connections, waits for in-flight requests, then runs onClose hooks (database, Redis).
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`WikiLogos is ready at ${config.PUBLIC_URL}`);
} catch (err) {
  app.log.fatal({ err }, 'could not start the server');
  await app.close().catch(() => {});
  process.exit(1);
}
