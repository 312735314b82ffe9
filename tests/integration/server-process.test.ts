import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runServerToExit, startServer, type RunningServer } from '#tests/support/server-process.ts';

describe('the server process, as an operator runs it', () => {
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  afterEach(async () => {
    if (server?.child.exitCode === null) await server.stop('SIGKILL');
    server = undefined;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on a fresh DATA_DIR, prints the generated admin password once, and shuts down cleanly', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-data-'));
    server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).toMatch(
      /Created the administrator \\"admin\\" with the generated password: \S+/,
    );
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
    const secret = await readFile(path.join(dataDir, 'session-secret'), 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('SIGTERM received');

    // Second start on the same data: the database and secret are kept, and no password is printed.
    server = await startServer({ DATA_DIR: dataDir });
    expect(server.output()).not.toContain('generated password');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await readFile(path.join(dataDir, 'session-secret'), 'utf8')).toBe(secret);
    expect(await server.stop('SIGINT')).toBe(0);
  });

  it('keeps secrets that arrive in an address out of its log', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-data-'));
    server = await startServer({ DATA_DIR: dataDir });
    const secrets = ['reset-token-8f3a', 'hunter2-password', 'cs_test_checkout', 'oidc-code-77'];
    await fetch(`${server.url}/reset-password?token=${secrets[0]}`);
    await fetch(`${server.url}/admin-login?username=admin&password=${secrets[1]}`);
    await fetch(`${server.url}/subscription-success?session_id=${secrets[2]}`);
    // Signed out, that page sends the visitor to sign in with itself, encoded, as the redirect.
    await fetch(
      `${server.url}/auth?redirect=${encodeURIComponent(`/subscription-success?session_id=${secrets[2]}`)}`,
    );
    await fetch(`${server.url}/api/auth/google/callback?code=${secrets[3]}&state=x`);
    expect(await server.stop('SIGTERM')).toBe(0);
    const log = server.output();
    // The requests were logged, with the values replaced.
    expect(log).toContain('/admin-login?username=admin&password=[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('redirect=%2Fsubscription-success%3Fsession_id%3D[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('refuses to start on bad configuration, listing every problem in one message', async () => {
    const { code, stderr } = await runServerToExit({
      PORT: 'abc',
      DATABASE_URL: 'mysql://db/app',
      LOG_LEVEL: 'chatty',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('WikiLogos cannot start: the configuration has 3 problems:');
    expect(stderr).toContain('PORT: must be a port number from 0 to 65535 (got "abc")');
    expect(stderr).toContain('DATABASE_URL: must be a PostgreSQL URL');
    expect(stderr).toContain(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "chatty")',
    );
    expect(stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });
});
