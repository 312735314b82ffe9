import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { createFilesRoutes } from './files.routes.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Stands in for upload.wikimedia.org: a real HTTP server on a free local port. */
function startUpstream() {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    switch (req.url) {
      case '/wikipedia/commons/2/2f/Google_2015_logo.svg':
        res.writeHead(200, {
          'Content-Type': 'image/svg+xml',
          'Content-Length': Buffer.byteLength(SVG),
        });
        res.end(SVG);
        return;
      case '/thumb/330px-Caf%C3%A9_logo.svg.png':
        res.writeHead(200, { 'Content-Type': 'image/png' });
        res.end(PNG);
        return;
      case '/page.html':
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<script>alert(1)</script>');
        return;
      case '/declared-too-big.svg':
        res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Length': 5000 });
        res.end('x'.repeat(5000));
        return;
      case '/streams-too-much.svg':
        // No Content-Length: the limit is found while streaming.
        res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        res.write('<svg>' + 'x'.repeat(3000));
        res.end('</svg>');
        return;
      case '/moved-here':
        res.writeHead(302, { Location: '/wikipedia/commons/2/2f/Google_2015_logo.svg' });
        res.end();
        return;
      case '/moved-away':
        res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
        return;
      case '/loop':
        res.writeHead(301, { Location: '/loop' });
        res.end();
        return;
      case '/gone.svg':
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('not found');
        return;
      case '/hangs.svg':
        return; // never answers
      case undefined:
      default:
        res.writeHead(500);
        res.end();
    }
  });
  return new Promise<{ origin: string; requests: IncomingMessage[]; close: () => Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          origin: `http://127.0.0.1:${port}`,
          requests,
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        });
      });
    },
  );
}

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  upstream = await startUpstream();
  testApp = await createTestApp('pglite');
  // The same plugin as /api/files, pointed at the local stand-in with small limits.
  await testApp.app.register(
    createFilesRoutes({
      userAgent: 'WikiLogos/0.1 (tests)',
      allowedOrigins: [upstream.origin],
      maxBytes: 1024,
      timeoutMs: 300,
    }),
    { prefix: '/local' },
  );
});

afterAll(async () => {
  await testApp?.close();
  await upstream?.close();
});

beforeEach(() => {
  upstream.requests.length = 0;
});

const get = (path: string) => testApp.app.inject({ method: 'GET', url: path });
const viaLocal = (path: string, extra = '') =>
  get(`/local/files?url=${encodeURIComponent(upstream.origin + path)}${extra}`);

describe('GET /api/files refusals', () => {
  it.each([
    ['http://127.0.0.1:5432/'],
    ['file:///etc/passwd'],
    ['https://upload.wikimedia.org.evil.example/x.svg'],
    ['https://user@upload.wikimedia.org/x'],
    ['https://upload.wikimedia.org:8443/x'],
  ])('refuses %s with 400 and a message, before any request', async (url) => {
    const res = await get(`/api/files?url=${encodeURIComponent(url)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/upload\.wikimedia\.org|user name or password|port/);
  });

  it('never contacts a host that is not allowed', async () => {
    const res = await get(
      `/api/files?url=${encodeURIComponent(`${upstream.origin}/wikipedia/commons/2/2f/Google_2015_logo.svg`)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(upstream.requests).toHaveLength(0);
  });

  it('asks for a url when none is given', async () => {
    const res = await get('/api/files');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Give the address of the file to fetch \(url=…\)\.$/);
  });
});

describe('GET /api/files for our own icons', () => {
  it('serves the bundled icon without any network request', async () => {
    const res = await get('/api/files?url=%2Fapi%2Ficons%2Fgithub.svg&download=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="github.svg"');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.body).toContain('<title>GitHub</title>');
  });

  it('answers 404 for an unknown icon', async () => {
    const res = await get('/api/files?url=%2Fapi%2Ficons%2Fno-such-brand.svg');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This icon is not in the catalogue.' });
  });
});

describe('GET /api/files streaming from the file host', () => {
  it('passes the SVG on with safe headers, naming us to the upstream', async () => {
    const res = await viaLocal('/wikipedia/commons/2/2f/Google_2015_logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SVG);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.headers['content-disposition']).toBe('inline; filename="Google_2015_logo.svg"');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(upstream.requests[0]?.headers['user-agent']).toBe('WikiLogos/0.1 (tests)');
  });

  it('offers raster files as downloads with a clean name', async () => {
    const res = await viaLocal('/thumb/330px-Caf%C3%A9_logo.svg.png', '&download=1');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="330px-Cafe_logo.svg.png"',
    );
    expect(res.headers['content-security-policy']).not.toContain('sandbox');
  });

  it('refuses to pass on something that is not an image', async () => {
    const res = await viaLocal('/page.html');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/not an image/);
  });

  it('follows a redirect that stays on an allowed host', async () => {
    const res = await viaLocal('/moved-here');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SVG);
  });

  it('does not follow a redirect anywhere else', async () => {
    const res = await viaLocal('/moved-away');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/redirected/);
  });

  it('gives up on endless redirects', async () => {
    const res = await viaLocal('/loop');
    expect(res.statusCode).toBe(502);
    expect(upstream.requests.length).toBeLessThanOrEqual(4);
  });

  it('refuses files whose declared size is over the limit', async () => {
    const res = await viaLocal('/declared-too-big.svg');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than/);
  });

  it('cuts off a file that turns out larger than the limit while streaming', async () => {
    const res = await viaLocal('/streams-too-much.svg');
    // The status was sent before the size was known; the body never arrives in full.
    expect(res.body.length).toBeLessThan(3000);
  });

  it('says when the file is gone', async () => {
    const res = await viaLocal('/gone.svg');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/does not exist/);
  });

  it('gives up on a host that does not answer', async () => {
    const res = await viaLocal('/hangs.svg');
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toMatch(/did not send the file/);
  });
});
