import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runServerToExit, startServer, type RunningServer } from '#tests/support/server-process.ts';

describe('the server process, as an operator runs it', () => {
  // One DATA_DIR for the file: the first start creates the database, later ones reuse it.
  let dataDir: string;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-data-'));
  });
  afterEach(async () => {
    if (server?.child.exitCode === null) await server.stop('SIGKILL');
    server = undefined;
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('starts on a fresh DATA_DIR, prints the generated admin password once in a plain banner (never in the log), and shuts down cleanly', async () => {
    server = await startServer({ DATA_DIR: dataDir });
    const banner = server.output();
    expect(banner).toContain(
      `WikiLogos is running at http://localhost:0 (listening on ${server.url})`,
    );
    expect(banner).toContain(`Data: ${path.resolve(dataDir)}`);
    const match =
      /^ {2}Created the administrator "admin" with the generated password: (\S+)$/m.exec(banner);
    expect(match, 'the password is on a plain line of its own').not.toBeNull();
    const password = match![1]!;
    // Not a terminal: the log is JSON lines, and none of them carries the password.
    const jsonLines = banner.split('\n').filter((line) => line.startsWith('{'));
    expect(jsonLines.length).toBeGreaterThan(3);
    for (const line of jsonLines) {
      expect(() => JSON.parse(line) as unknown).not.toThrow();
      expect(line).not.toContain(password);
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
    const secret = await readFile(path.join(dataDir, 'session-secret'), 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);

    expect(await server.stop('SIGTERM'), server.output()).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
    expect(server.output().split(password)).toHaveLength(2);

    // Second start on the same data: the database and secret are kept, and no password is printed.
    // Asked for pretty lines, with test accounts allowed: it warns, in words.
    server = await startServer({
      DATA_DIR: dataDir,
      LOG_FORMAT: 'pretty',
      ALLOW_TEST_ACCOUNTS: 'true',
    });
    expect(server.output()).not.toContain('generated password');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await readFile(path.join(dataDir, 'session-secret'), 'utf8')).toBe(secret);
    expect(await server.stop('SIGINT')).toBe(0);
    const output = server.output();
    expect(output).toMatch(
      /WARN.*ALLOW_TEST_ACCOUNTS=true: any administrator can delete every non-admin account/,
    );
    expect(output).toMatch(/INFO.*Server listening at http:\/\/127\.0\.0\.1:\d+/);
    expect(output.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);
  }, 90_000);

  it('after SIGTERM, is not ready at once while it still serves, lets the request in flight finish, then exits', async () => {
    // A slow Commons: the search below stays in flight across the whole shutdown.
    let called: () => void;
    const upstreamCalled = new Promise<void>((resolve) => (called = resolve));
    const upstream = createServer((_req, res) => {
      called();
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ batchcomplete: true, query: { search: [] } }));
      }, 2_500);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = upstream.address() as AddressInfo;
      server = await startServer({
        DATA_DIR: dataDir,
        SHUTDOWN_DRAIN_SECONDS: '1',
        LOGO_SOURCES: 'commons',
        COMMONS_API_URL: `http://127.0.0.1:${port}/w/api.php`,
      });
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
      const inFlight = fetch(`${server.url}/api/search?q=acme`);
      await upstreamCalled;

      const exited = server.stop('SIGTERM');
      let ready: Response;
      do ready = await fetch(`${server.url}/api/health/ready`);
      while (ready.status === 200);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 'unavailable',
        message: 'The server is shutting down.',
        code: 'SERVICE_UNAVAILABLE',
      });
      // Still serving while the load balancer drains it.
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);

      const search = await inFlight;
      expect(search.status).toBe(200);
      // Exits once that request is answered, not after the client's idle keep-alive connection times out.
      expect(await exited).toBe(0);
      expect(server.output()).toContain(
        'not ready any more; serving for 1 s while load balancers drain',
      );
    } finally {
      upstream.closeAllConnections();
      upstream.close();
    }
  }, 90_000);

  it('keeps secrets that arrive in an address out of its log', async () => {
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
    expect(await server.stop('SIGTERM'), server.output()).toBe(0);
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
