import type { z } from 'zod';
import { ApiErrorCodeSchema, ApiErrorSchema, type ApiErrorCode } from '#shared/lib/api-error.ts';

/** The server's codes, and the client's own for an answer that never came or made no sense. */
type ClientErrorCode = ApiErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

/**
 * The one way the client talks to the API (credentials, JSON, the error rule). A failure is the
 * server's `{ message, code }` (extra fields such as a download refusal's `limit` stay on `data`);
 * branch on `code`, never on the message. Any other body (a proxy's HTML page) becomes
 * `'{status}: {body text}'`, or the status text when the body is empty.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** The parsed JSON body of the failed response, or null. Parse it with the feature's schema. */
  readonly data: unknown;
  readonly code: ClientErrorCode;

  constructor(status: number, message: string, data: unknown = null, code?: ClientErrorCode) {
    super(message);
    this.status = status;
    this.data = data;
    this.code = code ?? (status === 0 ? 'NETWORK_ERROR' : 'UNEXPECTED_RESPONSE');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Told of every 401 (the accounts feature decides if a session ended); may replace the error. */
type UnauthorizedListener = (error: ApiError) => ApiError | void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** Sets the one listener for 401 answers; returns a function that removes it again. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null;
  };
}

export const NETWORK_ERROR_MESSAGE =
  'Could not reach WikiLogos. Check your internet connection and try again.';
export const INVALID_RESPONSE_MESSAGE = 'Invalid response from server.';

type QueryValue = string | number | boolean | null | undefined;
type AnySchema = z.ZodType | undefined;

interface RequestOptions<Schema extends AnySchema = undefined> {
  /** Appended as a query string; `null` and `undefined` values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON (or as-is for FormData). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: HeadersInit;
  /** Validates the answer; without one the caller gets `unknown` and must narrow it. */
  schema?: Schema;
}

type Result<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

function buildUrl(path: string, query: RequestOptions['query'] = {}): string {
  const entries = Object.entries(query).flatMap(([key, value]) =>
    value === null || value === undefined ? [] : [[key, String(value)]],
  );
  if (entries.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(entries)}`;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// A code this build does not know (a newer server) or none (a proxy) still keeps the message.
const ErrorBodySchema = ApiErrorSchema.extend({
  code: ApiErrorCodeSchema.optional().catch(undefined),
});

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const data = parseJson(text) ?? null;
  const parsed = ErrorBodySchema.safeParse(data);
  if (parsed.success && parsed.data.message.trim()) {
    return new ApiError(response.status, parsed.data.message, data, parsed.data.code);
  }
  // Keep a stray HTML error page from flooding a toast.
  const detail = text.trim().slice(0, 300) || response.statusText;
  return new ApiError(response.status, `${response.status}: ${detail}`, data);
}

/** Sends the request; resolves with an OK response, or throws the ApiError the rule above describes. */
async function send(
  method: string,
  path: string,
  options: Omit<RequestOptions<AnySchema>, 'schema'>,
  accept: string,
): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('Accept', accept);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      // Fresh data without a cache-busting timestamp polluting URLs and logs.
      cache: 'no-store',
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled query must stay an AbortError so TanStack Query can recognise it.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401) throw unauthorizedListener?.(error) ?? error;
    throw error;
  }
  return response;
}

async function request<Schema extends AnySchema>(
  method: string,
  path: string,
  options: RequestOptions<Schema> = {},
): Promise<Result<Schema>> {
  const response = await send(method, path, options, 'application/json');
  // An empty body (204) is null; a body that is not JSON is undefined.
  const data = parseJson(await response.text());
  if (data === undefined) throw new ApiError(response.status, INVALID_RESPONSE_MESSAGE);
  if (!options.schema) return data as Result<Schema>;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, INVALID_RESPONSE_MESSAGE, data);
  return parsed.data as Result<Schema>;
}

/** A method that sends a body. */
const withBody =
  (method: string) =>
  <Schema extends AnySchema = undefined>(path: string, options?: RequestOptions<Schema>) =>
    request(method, path, options);

export const apiClient = {
  /**
   * GET a file (a logo through the /api/files proxy) as a Blob, with the same error rule as JSON
   * calls; a body that cannot be read counts as a network error.
   */
  getBlob: async (path: string, options?: Omit<RequestOptions, 'body' | 'schema'>) => {
    const response = await send('GET', path, options ?? {}, '*/*');
    try {
      return await response.blob();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    }
  },
  get: <Schema extends AnySchema = undefined>(
    path: string,
    options?: Omit<RequestOptions<Schema>, 'body'>,
  ) => request('GET', path, options),
  post: withBody('POST'),
  put: withBody('PUT'),
  patch: withBody('PATCH'),
  delete: withBody('DELETE'),
};
