import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, SESSION_COOKIE } from '#tests/support/accounts-fixtures.ts';
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
    // The build writes each hashed asset's brotli and gzip copies beside it (vite.config.ts).
    await writeFile(
      path.join(clientDir, 'assets', 'index-abc123.js.br'),
      brotliCompressSync(bundle),
    );
    await writeFile(path.join(clientDir, 'assets', 'index-abc123.js.gz'), gzipSync(bundle));
    await writeFile(path.join(clientDir, 'assets', 'zip.worker-abc123.js'), bundle);
    await writeFile(
      path.join(clientDir, 'favicon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    // A build may carry its own robots.txt (a file in public/): the server's answer still wins.
    await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
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

  it("sends the build's brotli copy of an asset to a browser that accepts it, gzip otherwise, the same script either way", async () => {
    const get = (acceptEncoding: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    // The file as the build wrote it, whose length is known up front (not compressed as it goes).
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(bundle).length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
    for (const res of [br, gzip, plain]) {
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    // The copies are not files of their own: that address is a page like any unknown one.
    const copy = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js.br' });
    expect(copy.headers['content-type']).toContain('text/html');
  });

  it("sends a script without the page's security headers, which the page itself keeps", async () => {
    const script = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    const page = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeDefined();
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['referrer-policy']).toBeUndefined();
    // A script is still never read as another type.
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers.etag).toBeDefined();
    // A worker's policy is the one its own script arrives with: it keeps the page's.
    const worker = await testApp.app.inject({ method: 'GET', url: '/assets/zip.worker-abc123.js' });
    expect(worker.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });

  it("starts with a robots.txt in the build, and answers the server's own", async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap:');
  });

  it('revalidates files that are not hashed', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('without a server build, answers every page with index.html for the browser to render', async () => {
    for (const url of ['/', '/about', '/search?q=google', '/dashboard/anything/deep']) {
      const res = await testApp.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('does not answer unknown API paths or other methods with the page', async () => {
    const api = await testApp.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      message: 'There is no API endpoint GET /api/unknown.',
      code: 'NOT_FOUND',
    });
    const post = await testApp.app.inject({ method: 'POST', url: '/about', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});

/*
 * The plugin with a stand-in for dist/server/entry-server.js (the browser journeys exercise the
 * real one) that echoes what the plugin hands it, so these tests see the plugin's side alone.
 */
describe('serving pages rendered on the server', () => {
  let root: string;
  let testApp: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-ssr-'));
    const clientDir = path.join(root, 'client');
    await mkdir(clientDir);
    await mkdir(path.join(root, 'server'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><head><meta name="description" content="The site." /><title>WikiLogos</title></head><div id="root"></div><script type="module" src="/assets/main.js"></script>',
    );
    await writeFile(
      path.join(root, 'server', 'entry-server.js'),
      `export async function renderPage(href, sources) {
        const url = new URL(href);
        if (url.pathname === '/boom') throw new Error('a component failed');
        const head = {
          title: url.pathname + ' - WikiLogos <3',
          description: 'About ' + url.pathname,
          canonical: url.pathname === '/missing' ? null : url.pathname,
          image: null,
        };
        if (url.pathname === '/private') return { status: 200, redirect: '/auth?redirect=%2Fprivate', html: '', head, state: null };
        const user = sources.user ? JSON.stringify(sources.user) : 'visitor';
        return {
          status: url.pathname === '/missing' ? 404 : 200,
          redirect: null,
          html: '<main>' + url.pathname + url.search + ' for ' + user.replace(/</g, '&lt;') + '</main>',
          head,
          state: url.pathname === '/with-state' ? '{"queries":[]}' : null,
        };
      }`,
    );
    testApp = await createTestApp(
      'pglite',
      { PUBLIC_URL: 'https://logos.example.com' },
      { clientDir },
    );
  });
  afterAll(async () => {
    await testApp.close();
    await rm(root, { recursive: true, force: true });
  });

  it("writes the page's own title, description and addresses (on PUBLIC_URL) into the head it sends", async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/about?tab=x',
      headers: { host: 'evil.example' },
    });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<title>/about - WikiLogos &lt;3</title>');
    expect(head).not.toContain('<title>WikiLogos</title>');
    // index.html's own description gives way to the page's: one description only.
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).toContain('<meta name="description" content="About /about" data-page-head />');
    expect(head).toContain(
      '<link rel="canonical" href="https://logos.example.com/about" data-page-head />',
    );
    expect(head).toContain(
      '<meta property="og:image" content="https://logos.example.com/og-card.png" data-page-head />',
    );
    expect(res.body).not.toContain('evil.example');

    const missing = await testApp.app.inject({ method: 'GET', url: '/missing' });
    expect(missing.body).toContain('<meta name="robots" content="noindex" data-page-head />');
  });

  it('puts the rendered markup in #root and the state beside it, compressed', async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/with-state?q=1',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root"><main>/with-state?q=1 for visitor</main></div><script type="application/json" id="page-state">{"queries":[]}</script><script type="module" src="/assets/main.js"></script>',
    );
    const gzipped = await testApp.app.inject({
      method: 'GET',
      // Long enough to be worth compressing (the threshold is 1 KB).
      url: `/about?q=${'logo'.repeat(500)}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
  });

  it("answers the not-found page with 404 and a page's redirect with 302", async () => {
    const missing = await testApp.app.inject({ method: 'GET', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<main>/missing for visitor</main>');
    const redirect = await testApp.app.inject({ method: 'GET', url: '/private' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/auth?redirect=%2Fprivate');
  });

  it('renders for the signed-in user, with nothing of their account beyond what GET /api/user shows', async () => {
    const { session } = await register(testApp.app, 'Renderer');
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/dashboard',
      cookies: { [SESSION_COOKIE]: session },
    });
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/user',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(res.body).toContain(
      `for ${JSON.stringify(me.json())}</main>`
        .replace(/</g, '&lt;')
        .replace('&lt;/main>', '</main>'),
    );
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('falls back to the unrendered page when rendering fails, so the browser renders it', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
