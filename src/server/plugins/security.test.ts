import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';

describe('security baseline', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp('pglite', { PUBLIC_URL: 'https://logos.example.com' });
    testApp.app.post('/api/echo', async () => ({ ok: true }));
  });
  afterAll(() => testApp.close());

  it('sends a strict Content-Security-Policy with no inline or eval scripts', async () => {
    const res = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // PUBLIC_URL is https, so browsers are told to stay on https.
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('sends the same security headers on every kind of answer', async () => {
    const names = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const answers = [
      await testApp.app.inject({ method: 'GET', url: '/api/health' }),
      await testApp.app.inject({ method: 'GET', url: '/api/search?q=github' }),
      await testApp.app.inject({ method: 'GET', url: '/api/search?q=' }),
      await testApp.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await testApp.app.inject({ method: 'GET', url: '/api/icons/github.svg' }),
      await testApp.app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: {},
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 400, 404, 200, 403]);
    const [first, ...rest] = answers.map((res) =>
      Object.fromEntries(names.map((name) => [name, res.headers[name]])),
    );
    for (const name of names) expect(first![name], name).toBeTruthy();
    expect(first!['cross-origin-opener-policy']).toBe('same-origin');
    expect(first!['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(first!['content-security-policy'])).toContain('upgrade-insecure-requests');
    // The icon route sends its own stricter policy for the SVG itself; the rest are the same.
    const { 'content-security-policy': policy, ...others } = first!;
    for (const [i, headers] of rest.entries()) {
      const { 'content-security-policy': own, ...theirs } = headers;
      expect(theirs, `answer ${i + 2}`).toEqual(others);
      if (i !== 3) expect(own).toBe(policy);
    }
  });

  it('refuses a state-changing request marked cross-site by the browser', async () => {
    const res = await testApp.app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'This request came from another website and was refused.',
      code: 'CROSS_SITE_REQUEST',
    });
  });

  it('refuses a state-changing request whose Origin is not PUBLIC_URL', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await testApp.app.inject({
        method,
        url: '/api/echo',
        headers: { origin: 'https://evil.example' },
        payload: {},
      });
      expect(res.statusCode, method).toBe(403);
    }
    const nullOrigin = await testApp.app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { origin: 'null' },
      payload: {},
    });
    expect(nullOrigin.statusCode).toBe(403);
  });

  it('lets same-origin requests and non-browser clients through', async () => {
    const sameOrigin = await testApp.app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { origin: 'https://logos.example.com', 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(sameOrigin.statusCode).toBe(200);
    // Server-to-server callers (webhooks, curl) send neither header.
    const noHeaders = await testApp.app.inject({ method: 'POST', url: '/api/echo', payload: {} });
    expect(noHeaders.statusCode).toBe(200);
  });

  it('keeps CORS closed: no Access-Control-Allow-Origin for other origins', async () => {
    const res = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/echo',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
