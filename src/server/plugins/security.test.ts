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
