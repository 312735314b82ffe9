import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_MESSAGES } from '#shared/downloads/downloads.schemas.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { SESSION_COOKIE, login, register, sessionOf } from '#tests/support/accounts-fixtures.ts';
import { createFilesService } from '../files/files.service.ts';
import { createDownloadsRepository } from './downloads.repository.ts';
import { createDownloadsRoutes } from './downloads.routes.ts';
import { createDownloadsService } from './downloads.service.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>Café</title><rect width="10" height="10"/></svg>';

/** Stands in for upload.wikimedia.org: a real HTTP server on a free local port. */
async function startUpstream() {
  const server: Server = createServer((req, res) => {
    switch (req.url) {
      case '/commons/Logo.svg':
        res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        res.end(SVG);
        return;
      case '/commons/thumb/Logo.svg.png':
        res.writeHead(200, { 'Content-Type': 'image/png' });
        res.end(Buffer.from('89504e470d0a1a0a', 'hex'));
        return;
      case '/commons/Huge.svg':
        res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        res.end(`<svg>${'x'.repeat(5000)}</svg>`);
        return;
      case undefined:
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

describe('POST /api/downloads/copy-svg fetching from the file host', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let premium: string;

  beforeAll(async () => {
    upstream = await startUpstream();
    testApp = await createTestApp('pglite');
    const { app } = testApp;
    // The same routes as /api, with the files service pointed at the local stand-in.
    await app.register(
      createDownloadsRoutes({
        downloads: createDownloadsService({
          repo: createDownloadsRepository(app.database.db),
          files: createFilesService({
            userAgent: 'WikiLogos/0.1 (tests)',
            allowedOrigins: [upstream.origin],
            maxBytes: 1024,
          }),
        }),
        secureCookies: false,
      }),
      { prefix: '/local' },
    );
    const { user, session } = await register(app, 'Copier');
    const admin = sessionOf(await login(app, 'admin', 'test-admin-password'));
    const grant = await app.inject({
      method: 'POST',
      url: '/api/admin/grant-subscription',
      payload: { userId: user.id, months: 1 },
      cookies: { [SESSION_COOKIE]: admin },
    });
    expect(grant.statusCode).toBe(200);
    premium = session;
  });
  afterAll(async () => {
    await testApp?.close();
    await upstream?.close();
  });

  const copy = (path: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/local/downloads/copy-svg',
      payload: { logoUrl: upstream.origin + path },
      cookies: { [SESSION_COOKIE]: premium },
    });

  it('returns the SVG source as text', async () => {
    const res = await copy('/commons/Logo.svg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ svg: SVG });
  });

  it('refuses a file that is not SVG even when its address mentions .svg', async () => {
    const res = await copy('/commons/thumb/Logo.svg.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: DOWNLOAD_MESSAGES.onlySvg, code: 'UNSUPPORTED_FILE' });
  });

  it('keeps the size limit and says when a file is gone', async () => {
    const huge = await copy('/commons/Huge.svg');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/larger than/);
    const gone = await copy('/commons/Gone.svg');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/does not exist/);
  });
});
