import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { InjectOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '#server/http-error.ts';
import { createTestApp } from '#tests/support/test-app.ts';

describe('one error shape: { message, code }', () => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    const app = testApp.app.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/test/signup',
      {
        schema: {
          body: z.object({
            username: z.string().min(3, 'Username must be at least 3 characters'),
            age: z.number().int(),
          }),
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/api/test/crash', async () => {
      throw new Error('relation "users" does not exist: SELECT password_hash FROM users');
    });
    app.get('/api/test/limit', async () => {
      throw new HttpError(
        403,
        'DOWNLOAD_LIMIT_REACHED',
        "You've reached your monthly download limit.",
        {
          details: { downloadCount: 10, limit: 10 },
        },
      );
    });
    app.get(
      '/api/test/leak',
      { schema: { response: { 200: z.object({ id: z.number() }) } } },
      async () => ({ id: 'not-a-number' }) as never,
    );
    app.get('/api/test/db-down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
    });
  });
  afterAll(() => testApp.close());

  const inject = (opts: InjectOptions) => testApp.app.inject(opts);

  it('applies to routes of feature plugins under /api too (the handler is set before them)', async () => {
    const res = await inject({ method: 'GET', url: '/api/search?q=%20' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Type a company name to search for.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers a malformed address in its own words, without echoing it back', async () => {
    const res = await inject({ method: 'GET', url: '/api/admin/users/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'This address is not valid.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      message: 'There is no API endpoint GET /api/does-not-exist.',
      code: 'NOT_FOUND',
    });
  });

  it('explains invalid input in words, using the schema’s own messages', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/test/signup',
      payload: { username: 'ab' },
    });
    expect(res.statusCode).toBe(400);
    const { message, code } = res.json<{ message: string; code: string }>();
    expect(code).toBe('VALIDATION_FAILED');
    expect(message).toContain('Username must be at least 3 characters');
    expect(message).toContain('age is required.');
  });

  it('refuses malformed JSON, a wrong content type and oversized bodies with 4xx', async () => {
    const bad = await inject({
      method: 'POST',
      url: '/api/test/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'INVALID_JSON',
    });

    const xml = await inject({
      method: 'POST',
      url: '/api/test/signup',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toMatch(/send JSON/);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await inject({
      method: 'POST',
      url: '/api/test/signup',
      payload: { username: 'x'.repeat(300 * 1024), age: 1 },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      message: 'The request is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('hides internal failures: no stack trace, no SQL', async () => {
    const res = await inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL_ERROR',
    });
    expect(res.body).not.toMatch(/SELECT|password_hash|at .*\.ts/);
  });

  it('keeps the extra fields of a rule violation next to the message', async () => {
    const res = await inject({ method: 'GET', url: '/api/test/limit' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: "You've reached your monthly download limit.",
      code: 'DOWNLOAD_LIMIT_REACHED',
      downloadCount: 10,
      limit: 10,
    });
  });

  it('never sends a response that breaks its schema', async () => {
    const res = await inject({ method: 'GET', url: '/api/test/leak' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not-a-number');
  });

  it('answers 503 when the database cannot be reached', async () => {
    const res = await inject({ method: 'GET', url: '/api/test/db-down' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
