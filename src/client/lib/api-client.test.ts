import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  apiClient,
  ApiError,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
} from '#client/lib/api-client.ts';

function answer(status: number, body: string, statusText = '') {
  return vi
    .fn<typeof fetch>()
    .mockResolvedValue(new Response(body || null, { status, statusText }));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiClient', () => {
  it('sends credentials and JSON, and builds the query string without empty values', async () => {
    const fetchMock = answer(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);

    await apiClient.post('/api/downloads/track', {
      body: { logoUrl: 'https://upload.wikimedia.org/a.svg' },
      query: { userId: 7, fileType: undefined, q: 'Spotify, Slack' },
    });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/downloads/track?userId=7&q=Spotify%2C+Slack');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"logoUrl":"https://upload.wikimedia.org/a.svg"}');
  });

  it('returns the answer parsed by the schema', async () => {
    vi.stubGlobal('fetch', answer(200, '{"downloadCount":3,"limit":10,"extra":"dropped"}'));
    const result = await apiClient.get('/api/downloads/check-limit', {
      schema: z.object({ downloadCount: z.number(), limit: z.number() }),
    });
    expect(result).toEqual({ downloadCount: 3, limit: 10 });
  });

  it("uses the server's { message } and keeps the whole body for extra fields", async () => {
    vi.stubGlobal(
      'fetch',
      answer(
        403,
        '{"message":"You\'ve reached your monthly download limit.","downloadCount":10,"limit":10}',
      ),
    );
    const error = await failure(apiClient.post('/api/downloads/track'));
    expect(error.status).toBe(403);
    expect(error.message).toBe("You've reached your monthly download limit.");
    expect(error.data).toEqual({
      message: "You've reached your monthly download limit.",
      downloadCount: 10,
      limit: 10,
    });
  });

  it("falls back to '{status}: {body text}' when the body is not an API error", async () => {
    vi.stubGlobal('fetch', answer(502, '<h1>Bad gateway</h1>'));
    const error = await failure(apiClient.get('/api/search'));
    expect(error.message).toBe('502: <h1>Bad gateway</h1>');
  });

  it("falls back to '{status}: {status text}' when the body is empty", async () => {
    vi.stubGlobal('fetch', answer(503, '', 'Service Unavailable'));
    const error = await failure(apiClient.get('/api/search'));
    expect(error.message).toBe('503: Service Unavailable');
  });

  it('reports an unreachable server as a network error with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
    );
    const error = await failure(apiClient.get('/api/search'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('rejects an answer that does not match the schema', async () => {
    vi.stubGlobal('fetch', answer(200, '{"logos":"not a list"}'));
    const error = await failure(
      apiClient.get('/api/search', { schema: z.object({ logos: z.array(z.unknown()) }) }),
    );
    expect(error.message).toBe(INVALID_RESPONSE_MESSAGE);
  });
});

describe('apiClient.getBlob', () => {
  it('return the body of a file answer as it is', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    vi.stubGlobal('fetch', fetchMock);

    const blob = await apiClient.getBlob('/api/files', {
      query: { url: 'https://x.org/a.svg', download: 1 },
    });
    expect(await blob.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/files?url=https%3A%2F%2Fx.org%2Fa.svg&download=1');
    expect(new Headers(init?.headers).get('Accept')).toBe('*/*');
    expect(init?.credentials).toBe('include');
  });

  it("fail with the server's message like every other call", async () => {
    vi.stubGlobal('fetch', answer(502, '{"message":"Wikimedia Commons did not answer."}'));
    const error = await failure(apiClient.getBlob('/api/files'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Wikimedia Commons did not answer.');
  });
});
