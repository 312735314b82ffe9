import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { collectGarbage } from './lib/collect-garbage.ts';

// Listens and shuts down; everything else is built by buildApp so tests can use it without a port.

const SHUTDOWN_GRACE_MS = 10_000;
const clientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

let config: Config;
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
  // From now on /api/health/ready answers 503: load balancers stop sending new requests.
  app.lifecycle.shuttingDown = true;
  // Ctrl-C means now; SIGTERM (a deploy) first lets the load balancer notice, still serving.
  const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_SECONDS * 1000 : 0;
  app.log.info(
    drainMs
      ? `${signal} received: not ready any more; serving for ${drainMs / 1000} s while load balancers drain, then finishing in-flight requests and closing`
      : `${signal} received: finishing in-flight requests, then closing`,
  );
  if (drainMs) await new Promise((resolve) => setTimeout(resolve, drainMs));
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

/**
 * Lines for the person starting the server: where it is, its data and, on the start that created
 * it, the administrator's password. Never logged: logs are kept, that password must not be.
 */
function banner(app: App, config: Config, address: string | null): string {
  const lines = [''];
  // Without an address the start failed; the password is still the only way into the account.
  if (address) {
    lines.push(
      `  WikiLogos is running at ${config.PUBLIC_URL} (listening on ${address})`,
      `  Data: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : path.resolve(config.DATA_DIR)}`,
    );
    const metrics = app.metrics.url();
    if (metrics) lines.push(`  Metrics: ${metrics}`);
    if (config.ALLOW_TEST_ACCOUNTS)
      lines.push('  Warning: ALLOW_TEST_ACCOUNTS=true (never in production)');
  }
  if (app.administratorCreated) {
    const { username, generatedPassword } = app.administratorCreated;
    lines.push(
      '',
      `  Created the administrator "${username}" with the generated password: ${generatedPassword}`,
      `  It is shown only this once: sign in at ${config.PUBLIC_URL}/admin-login and keep it safe.`,
    );
  }
  return lines.join('\n') + '\n';
}

try {
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  console.log(banner(app, config, address));
  app.log.info(`WikiLogos is ready at ${config.PUBLIC_URL}`);
  // Starting leaves tens of MB of garbage (modules read and compiled, migrations, building the
  // catalogue's index, on a new folder the embedded database's initdb) that an idle server may keep
  // for a long time: collect it once now
  // (docs/decisions/045-lean-idle-server-and-responsive-batches.md).
  collectGarbage();
} catch (err) {
  if (app.administratorCreated) console.log(banner(app, config, null));
  app.log.fatal({ err }, 'could not start the server');
  await app.close().catch(() => {});
  process.exit(1);
}
