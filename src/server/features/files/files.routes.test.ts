import { createServer, get as httpGet, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { createTestApp, describeOnRedis } from '#tests/support/test-app.ts';
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
      case '/600-bytes.svg':
        res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Length': 600 });
        res.end('x'.repeat(600));
        return;
      case '/600-bytes-unsized.svg':
        res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        res.end('x'.repeat(600));
        return;
      case '/lies-about-length.svg':
        // Promises more than it sends, then hangs up: a cut transfer.
        res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Length': 900 });
        res.write('<svg>' + 'x'.repeat(300));
        setTimeout(() => res.socket?.destroy(), 50);
        return;
      case '/stalls.svg':
        // Sends a part of the file, then nothing more (the connection stays open).
        res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Length': 900 });
        res.write('<svg>' + 'x'.repeat(300));
        return;
      case '/stalls-without-length.svg':
        res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        res.write('<svg>' + 'x'.repeat(300));
        return;
      case '/slow-but-steady.svg': {
        // 10 pieces, 100 ms apart: slower overall than the stall limit, but never silent that long.
        res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Content-Length': 10 * 50 });
        let sent = 0;
        const timer = setInterval(() => {
          res.write('x'.repeat(50));
          if (++sent === 10) {
            clearInterval(timer);
            res.end();
          }
        }, 100);
        return;
      }
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
let appOrigin: string;

type Received = {
  status: number;
  headers: IncomingMessage['headers'];
  bytes: number;
  /**
   * 'complete' when the response ended as HTTP says a whole body ends; 'cut' when it did not (a
   * browser reports that download as failed).
   */
  outcome: 'complete' | 'cut';
};

/** A real HTTP request to the app, read as a browser would: did the body arrive whole? */
function fetchOverHttp(path: string, headers: Record<string, string> = {}): Promise<Received> {
  return new Promise((resolve) => {
    const req = httpGet(`${appOrigin}${path}`, { headers }, (res) => {
      let bytes = 0;
      let settled = false;
      const done = (outcome: Received['outcome']) => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, outcome });
      };
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done(res.complete ? 'complete' : 'cut'));
      res.on('aborted', () => done('cut'));
      res.on('error', () => done('cut'));
      res.on('close', () => done(res.complete ? 'complete' : 'cut'));
    });
    // The connection cut before the status arrived: a failed download too.
    req.on('error', () => resolve({ status: 0, headers: {}, bytes: 0, outcome: 'cut' }));
  });
}

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
      stallMs: 400,
    }),
    { prefix: '/local' },
  );
  // The same again with small budgets: 10 files or 2,000 bytes a minute per address (under /api,
  // where the rate limiter counts).
  await testApp.app.register(
    createFilesRoutes(
      { userAgent: 'WikiLogos/0.1 (tests)', allowedOrigins: [upstream.origin], maxBytes: 1024 },
      { filesPerMinute: 10, bytesPerMinute: 2000 },
    ),
    { prefix: '/api/budget' },
  );
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  appOrigin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await testApp?.close();
  await upstream?.close();
});

beforeEach(() => {
  upstream.requests.length = 0;
});

const get = (path: string) => testApp.app.inject({ method: 'GET', url: path });
const localPath = (path: string, extra = '') =>
  `/local/files?url=${encodeURIComponent(upstream.origin + path)}${extra}`;
const viaLocal = (path: string, extra = '') => get(localPath(path, extra));

const fromAddress = (address: string, path: string) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/budget/files?url=${encodeURIComponent(upstream.origin + path)}`,
    remoteAddress: address,
  });

function statusCounts(responses: Array<{ statusCode: number }>) {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

describe('GET /api/files budget per address', () => {
  it('serves at most the files per minute, then answers 429 with a message', async () => {
    const responses = await Promise.all(
      Array.from({ length: 15 }, () =>
        fromAddress('192.0.2.10', '/wikipedia/commons/2/2f/Google_2015_logo.svg'),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 200: 10, 429: 5 });
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(
      /^Your address has fetched 10 files in the last minute, the most WikiLogos passes on\. Please wait \d+ seconds? and try again\.$/,
    );
    // Another address has its own budget; the rest of the API is not affected.
    expect(
      (await fromAddress('192.0.2.11', '/wikipedia/commons/2/2f/Google_2015_logo.svg')).statusCode,
    ).toBe(200);
    const other = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '192.0.2.10',
    });
    expect(other.statusCode).toBe(200);
  });

  it('serves at most the bytes per minute, even to concurrent requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => fromAddress('192.0.2.20', '/600-bytes.svg')),
    );
    // 0, 600, 1,200 and 1,800 bytes served before: four files start under the 2,000-byte budget.
    expect(statusCounts(responses)).toEqual({ 200: 4, 429: 4 });
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(
      /in the last minute.*Please wait \d+ seconds? and try again\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts what was served when the size is not declared', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await fromAddress('192.0.2.30', '/600-bytes-unsized.svg')).statusCode).toBe(200);
    }
    expect((await fromAddress('192.0.2.30', '/600-bytes-unsized.svg')).statusCode).toBe(429);
  });
});

describe('GET /api/files budget from the configuration', () => {
  let configured: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    configured = await createTestApp('pglite', { FILES_PER_MINUTE: '10' });
  });
  afterAll(() => configured.close());

  it('applies FILES_PER_MINUTE to /api/files', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await configured.app.inject({
        method: 'GET',
        url: '/api/files?url=%2Fapi%2Ficons%2Fgithub.svg',
        remoteAddress: '192.0.2.40',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
  });
});

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
    expect(res.json()).toEqual({
      message: 'This icon is not in the catalogue.',
      code: 'NOT_FOUND',
    });
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
    // Every proxied file is sandboxed, whatever its type says.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
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

describe('GET /api/files over real HTTP: a file arrives whole or the download fails', () => {
  const encodings: Array<Record<string, string>> = [{}, { 'Accept-Encoding': 'gzip, deflate, br' }];

  it.each(encodings)('passes a whole file on as complete (%o)', async (headers) => {
    const res = await fetchOverHttp(
      localPath('/wikipedia/commons/2/2f/Google_2015_logo.svg'),
      headers,
    );
    expect(res).toMatchObject({ status: 200, outcome: 'complete' });
  });

  it.each(encodings)(
    'refuses a declared size over the limit with 413 before any byte (%o)',
    async (headers) => {
      const res = await fetchOverHttp(localPath('/declared-too-big.svg'), headers);
      expect(res).toMatchObject({ status: 413, outcome: 'complete' });
      expect(res.headers['content-type']).toMatch(/application\/json/);
    },
  );

  it.each(encodings)(
    'cuts the connection when the file turns out larger than the limit (%o)',
    async (headers) => {
      const res = await fetchOverHttp(localPath('/streams-too-much.svg'), headers);
      expect(res.outcome).toBe('cut');
    },
  );

  it.each(encodings)(
    'cuts the connection when the file host hangs up mid-way (%o)',
    async (headers) => {
      const res = await fetchOverHttp(localPath('/lies-about-length.svg'), headers);
      expect(res.outcome).toBe('cut');
    },
  );

  it.each(encodings)(
    'cuts the connection when the file host stalls mid-way (%o)',
    async (headers) => {
      for (const path of ['/stalls.svg', '/stalls-without-length.svg']) {
        const res = await fetchOverHttp(localPath(path), headers);
        expect(res.outcome, path).toBe('cut');
      }
    },
  );

  it('lets a slow transfer finish as long as bytes keep coming', async () => {
    const res = await fetchOverHttp(localPath('/slow-but-steady.svg'));
    expect(res).toMatchObject({ status: 200, outcome: 'complete', bytes: 500 });
  });
});

describeOnRedis('GET /api/files budget shared by two instances through Redis', () => {
  const instances: Array<Awaited<ReturnType<typeof createTestApp>>> = [];
  // A fresh address per run: counters an earlier run left in Redis never count.
  const address = () => `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const instance = await createTestApp('pglite', { REDIS_URL: process.env.REDIS_URL });
      await instance.app.register(
        createFilesRoutes(
          { userAgent: 'WikiLogos/0.1 (tests)', allowedOrigins: [upstream.origin], maxBytes: 1024 },
          { filesPerMinute: 10, bytesPerMinute: 2000, redis: instance.app.redis },
        ),
        { prefix: '/api/budget' },
      );
      instances.push(instance);
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });

  const alternating = (count: number, from: string, path: string) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        instances[i % 2]!.app.inject({
          method: 'GET',
          url: `/api/budget/files?url=${encodeURIComponent(upstream.origin + path)}`,
          remoteAddress: from,
        }),
      ),
    );

  it('15 concurrent files from one address, alternating instances, give exactly 10', async () => {
    const responses = await alternating(
      15,
      address(),
      '/wikipedia/commons/2/2f/Google_2015_logo.svg',
    );
    expect(statusCounts(responses)).toEqual({ 200: 10, 429: 5 });
  });

  it('8 concurrent 600-byte files from one address, alternating instances, give exactly 4', async () => {
    const responses = await alternating(8, address(), '/600-bytes.svg');
    expect(statusCounts(responses)).toEqual({ 200: 4, 429: 4 });
  });
});
