import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandler } from '#server/plugins/errors.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { FILES_FRESH_FOR_MS, openFilesCache } from './files-cache.ts';
import { createFilesRoutes } from './files.routes.ts';
import { createFilesService } from './files.service.ts';

/** One version of a file on the stand-in file host. */
type Version = {
  body: string;
  etag: string;
  cacheControl?: string;
  /** Answer this status (with an HTML page) instead of the file. */
  status?: number;
  delayMs?: number;
};

type Received = { path: string; ifNoneMatch: string | undefined; answered: number };

/** Stands in for upload.wikimedia.org, answering conditional requests as it does. */
function startFileHost() {
  const files = new Map<string, Version>();
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const record: Received = {
      path: req.url ?? '',
      ifNoneMatch: req.headers['if-none-match'],
      answered: 0,
    };
    received.push(record);
    const version = files.get(req.url ?? '');
    const answer = () => {
      if (!version) {
        record.answered = 404;
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      } else if (version.status) {
        record.answered = version.status;
        res.writeHead(version.status, { 'Content-Type': 'text/html' }).end('<p>Error</p>');
      } else {
        const headers = {
          ETag: version.etag,
          'Last-Modified': 'Tue, 01 Oct 2024 10:00:00 GMT',
          ...(version.cacheControl ? { 'Cache-Control': version.cacheControl } : {}),
        };
        record.answered = record.ifNoneMatch === version.etag ? 304 : 200;
        if (record.answered === 304) res.writeHead(304, headers).end();
        else {
          res.writeHead(200, {
            ...headers,
            'Content-Type': 'image/svg+xml',
            'Content-Length': Buffer.byteLength(version.body),
          });
          res.end(version.body);
        }
      }
    };
    if (version?.delayMs) setTimeout(answer, version.delayMs);
    else answer();
  });
  return new Promise<{
    origin: string;
    files: Map<string, Version>;
    received: Received[];
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        files,
        received,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const svg = (label: string, size = 0) =>
  `<svg xmlns="http://www.w3.org/2000/svg"><title>${label}</title>${' '.repeat(size)}</svg>`;

let host: Awaited<ReturnType<typeof startFileHost>>;
let dir: string;
let clock: number;

beforeAll(async () => {
  host = await startFileHost();
});
afterAll(() => host.close());
beforeEach(async () => {
  host.files.clear();
  host.received.length = 0;
  dir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-files-cache-'));
  clock = Date.UTC(2026, 10, 26);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A files service over a cache in `dir` (a new one stands for a restarted server). */
async function serviceWithCache(maxBytes = 1024 * 1024) {
  const cache = await openFilesCache({ dir, maxBytes, now: () => clock });
  return createFilesService({
    userAgent: 'WikiLogos/0.1 (tests)',
    allowedOrigins: [host.origin],
    maxBytes: 4096,
    cache,
  });
}
type Service = Awaited<ReturnType<typeof serviceWithCache>>;

const fetchText = async (files: Service, filePath: string) => {
  const file = await files.open(host.origin + filePath);
  return text(file.body as NodeJS.ReadableStream);
};
const askedFor = (filePath: string) => host.received.filter((r) => r.path === filePath);
const diskBytes = async () => {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(path.join(dir, name))).size;
  return total;
};
const entryFiles = async () => (await readdir(dir)).map((name) => path.join(dir, name));

describe('files cache', () => {
  it('serves a file asked for again from disk, without asking the file host', async () => {
    host.files.set('/logo.svg', { body: svg('v1'), etag: '"v1"', cacheControl: 'max-age=3600' });
    const files = await serviceWithCache();
    expect(await fetchText(files, '/logo.svg')).toBe(svg('v1'));
    const again = await files.open(host.origin + '/logo.svg');
    expect(again).toMatchObject({
      contentType: 'image/svg+xml',
      fileName: 'logo.svg',
      contentLength: Buffer.byteLength(svg('v1')),
      isSvg: true,
    });
    expect(await text(again.body as NodeJS.ReadableStream)).toBe(svg('v1'));
    expect(askedFor('/logo.svg')).toHaveLength(1);
  });

  it('checks a stale file with If-None-Match, and a 304 keeps the stored bytes', async () => {
    host.files.set('/logo.svg', { body: svg('v1'), etag: '"v1"', cacheControl: 'no-cache' });
    const files = await serviceWithCache();
    expect(await fetchText(files, '/logo.svg')).toBe(svg('v1'));
    expect(await fetchText(files, '/logo.svg')).toBe(svg('v1'));
    expect(askedFor('/logo.svg')).toEqual([
      { path: '/logo.svg', ifNoneMatch: undefined, answered: 200 },
      { path: '/logo.svg', ifNoneMatch: '"v1"', answered: 304 },
    ]);
  });

  it('asks again after the freshness window even when the host allows longer', async () => {
    host.files.set('/logo.svg', {
      body: svg('v1'),
      etag: '"v1"',
      cacheControl: 'max-age=31536000',
    });
    const files = await serviceWithCache();
    await fetchText(files, '/logo.svg');
    clock += FILES_FRESH_FOR_MS - 60_000;
    await fetchText(files, '/logo.svg');
    expect(askedFor('/logo.svg')).toHaveLength(1);
    clock += 120_000;
    expect(await fetchText(files, '/logo.svg')).toBe(svg('v1'));
    expect(askedFor('/logo.svg').at(-1)).toMatchObject({ ifNoneMatch: '"v1"', answered: 304 });
    // The 304 made it fresh again.
    await fetchText(files, '/logo.svg');
    expect(askedFor('/logo.svg')).toHaveLength(2);
  });

  it('replaces a file that changed on the host', async () => {
    host.files.set('/logo.svg', { body: svg('v1'), etag: '"v1"', cacheControl: 'max-age=60' });
    const files = await serviceWithCache();
    await fetchText(files, '/logo.svg');
    host.files.set('/logo.svg', { body: svg('v2'), etag: '"v2"', cacheControl: 'max-age=60' });
    clock += 61_000;
    expect(await fetchText(files, '/logo.svg')).toBe(svg('v2'));
    expect(await fetchText(files, '/logo.svg')).toBe(svg('v2'));
    expect(askedFor('/logo.svg').map((r) => r.answered)).toEqual([200, 200]);
  });

  it('keeps the disk under its bound, dropping the least recently used files', async () => {
    for (let i = 0; i < 8; i++) {
      host.files.set(`/logo-${i}.svg`, {
        body: svg(`logo ${i}`, 900),
        etag: `"${i}"`,
        cacheControl: 'max-age=3600',
      });
    }
    const bound = 4 * 1024;
    const files = await serviceWithCache(bound);
    for (let i = 0; i < 8; i++) {
      await fetchText(files, `/logo-${i}.svg`);
      // Logo 0 is used again and again: it stays.
      await fetchText(files, '/logo-0.svg');
      expect(await diskBytes()).toBeLessThanOrEqual(bound);
    }
    host.received.length = 0;
    await fetchText(files, '/logo-0.svg');
    await fetchText(files, '/logo-7.svg');
    expect(host.received).toEqual([]);
    await fetchText(files, '/logo-1.svg');
    expect(askedFor('/logo-1.svg')).toHaveLength(1);
  });

  it('makes one request to the host for concurrent first asks for a file', async () => {
    host.files.set('/logo.svg', {
      body: svg('v1'),
      etag: '"v1"',
      cacheControl: 'max-age=3600',
      delayMs: 100,
    });
    const files = await serviceWithCache();
    const bodies = await Promise.all(
      Array.from({ length: 10 }, () => fetchText(files, '/logo.svg')),
    );
    expect(new Set(bodies)).toEqual(new Set([svg('v1')]));
    expect(askedFor('/logo.svg')).toHaveLength(1);
  });

  it('never keeps an error, a file marked no-store or a file over the size limit', async () => {
    host.files.set('/broken.svg', { body: '', etag: '"x"', status: 503 });
    host.files.set('/private.svg', { body: svg('p'), etag: '"p"', cacheControl: 'no-store' });
    host.files.set('/huge.svg', {
      body: svg('huge', 5000),
      etag: '"h"',
      cacheControl: 'max-age=60',
    });
    const files = await serviceWithCache();
    await expect(files.open(host.origin + '/broken.svg')).rejects.toMatchObject({
      statusCode: 502,
    });
    await expect(files.open(host.origin + '/huge.svg')).rejects.toMatchObject({ statusCode: 413 });
    await expect(files.open(host.origin + '/missing.svg')).rejects.toMatchObject({
      statusCode: 404,
    });
    await fetchText(files, '/private.svg');
    expect(await entryFiles()).toEqual([]);

    host.files.set('/broken.svg', { body: svg('fixed'), etag: '"f"', cacheControl: 'max-age=60' });
    expect(await fetchText(files, '/broken.svg')).toBe(svg('fixed'));
    await fetchText(files, '/private.svg');
    expect(askedFor('/broken.svg')).toHaveLength(2);
    expect(askedFor('/private.svg')).toHaveLength(2);
  });

  it('serves the stored file while the host fails, and forgets a file the host lost', async () => {
    host.files.set('/logo.svg', { body: svg('v1'), etag: '"v1"', cacheControl: 'no-cache' });
    const files = await serviceWithCache();
    await fetchText(files, '/logo.svg');
    host.files.set('/logo.svg', { body: '', etag: '"v1"', status: 503 });
    expect(await fetchText(files, '/logo.svg')).toBe(svg('v1'));
    host.files.delete('/logo.svg');
    await expect(files.open(host.origin + '/logo.svg')).rejects.toMatchObject({ statusCode: 404 });
    expect(await entryFiles()).toEqual([]);
  });

  it('serves what an earlier start stored, and never a damaged or half-written entry', async () => {
    host.files.set('/kept.svg', { body: svg('kept'), etag: '"k"', cacheControl: 'max-age=3600' });
    host.files.set('/damaged.svg', { body: svg('d'), etag: '"d"', cacheControl: 'max-age=3600' });
    const before = await serviceWithCache();
    await fetchText(before, '/kept.svg');
    const [firstEntry] = await entryFiles();
    await fetchText(before, '/damaged.svg');
    const damaged = (await entryFiles()).find((f) => f !== firstEntry)!;
    // A crash mid-write leaves a temporary file; a damaged disk changed bytes.
    await writeFile(path.join(dir, 'abc.123.tmp'), 'half a file');
    const handle = await open(damaged, 'r+');
    await handle.write('garbage!!!', (await handle.stat()).size - 10);
    await handle.close();

    const restarted = await serviceWithCache();
    expect((await readdir(dir)).some((name) => name.endsWith('.tmp'))).toBe(false);
    expect(await fetchText(restarted, '/kept.svg')).toBe(svg('kept'));
    expect(askedFor('/kept.svg')).toHaveLength(1);
    expect(await fetchText(restarted, '/damaged.svg')).toBe(svg('d'));
    expect(askedFor('/damaged.svg')).toHaveLength(2);
  });

  it('sends a stored file with the same headers as a fetched one', async () => {
    host.files.set('/logo.svg', { body: svg('v1'), etag: '"v1"', cacheControl: 'max-age=3600' });
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(
      createFilesRoutes({
        userAgent: 'WikiLogos/0.1 (tests)',
        allowedOrigins: [host.origin],
        cache: await openFilesCache({ dir, maxBytes: 1024 * 1024 }),
      }),
    );
    const get = () =>
      app.inject({
        url: `/files?download=1&url=${encodeURIComponent(host.origin + '/logo.svg')}`,
      });
    const first = await get();
    const second = await get();
    await app.close();
    expect(askedFor('/logo.svg')).toHaveLength(1);
    expect(second.body).toBe(svg('v1'));
    const { date: _date, ...headers } = first.headers;
    expect(second.headers).toMatchObject(headers);
    expect(second.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'content-disposition': 'attachment; filename="logo.svg"',
      'content-length': String(Buffer.byteLength(svg('v1'))),
    });
  });
});

describe('FILES_CACHE_MB', () => {
  it('keeps files in DATA_DIR/files-cache by default, and not at all when 0', async () => {
    for (const [value, exists] of [
      [undefined, true],
      ['0', false],
    ] as const) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-data-'));
      const testApp = await createTestApp('pglite', { DATA_DIR: dataDir, FILES_CACHE_MB: value });
      try {
        const made = await stat(path.join(dataDir, 'files-cache')).then(
          () => true,
          () => false,
        );
        expect(made, `FILES_CACHE_MB=${value}`).toBe(exists);
      } finally {
        await testApp.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  });
});
