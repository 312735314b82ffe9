import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';

describe('shutting down while a response is still being sent', () => {
  // Larger than what the loopback socket buffers hold, so the response cannot finish until the
  // client reads it.
  const size = 8 * 1024 * 1024;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(clientDir, 'assets', 'large-abc123.js'), Buffer.alloc(size, 'x'));
  });
  afterAll(() => rm(clientDir, { recursive: true, force: true }));

  it('delivers that response whole, then closes its kept-alive connection instead of waiting out the keep-alive timeout', async () => {
    const { app, close } = await createTestApp('pglite', {}, { clientDir });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const request = http.get(`${address}/assets/large-abc123.js`, {
        agent,
        headers: { 'accept-encoding': 'identity' },
      });
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      expect(response.headers.connection).toBe('keep-alive');
      response.pause();
      const connectionClosed = once(response.socket, 'close');

      // The response's headers went out before the shutdown; its body ends after the server
      // stopped listening.
      const closed = app.close();
      while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
      let received = 0;
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      response.resume();
      await once(response, 'end');
      expect(received).toBe(size);

      await connectionClosed;
      await closed;
    } finally {
      agent.destroy();
      await close();
    }
  });
});
