import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';

describe('serving the built client', () => {
  let clientDir: string;
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  const bundle = `console.log(${JSON.stringify('WikiLogos '.repeat(500))});`;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>WikiLogos</title><div id="root"></div>',
    );
    await writeFile(path.join(clientDir, 'assets', 'index-abc123.js'), bundle);
    await writeFile(
      path.join(clientDir, 'favicon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    testApp = await createTestApp('pglite', {}, { clientDir });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(bundle.length / 4);
  });

  it('revalidates files that are not hashed', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers every client route with index.html so the router can take over', async () => {
    for (const url of ['/', '/about', '/search?q=google', '/dashboard/anything/deep']) {
      const res = await testApp.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('does not answer unknown API paths or other methods with the page', async () => {
    const api = await testApp.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'There is no API endpoint GET /api/unknown.' });
    const post = await testApp.app.inject({ method: 'POST', url: '/about', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
