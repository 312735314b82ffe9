import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  DelegateBackoff,
  CircuitState,
  TaskCancelledError,
  bulkhead,
  circuitBreaker,
  handleWhen,
  retry,
  type BulkheadPolicy,
  type CircuitBreakerPolicy,
  type IRetryBackoffContext,
} from 'cockatiel';
import type { z } from 'zod';

/**
 * The one HTTP client for Wikimedia (APIs and file hosts): per host a bulkhead, a circuit breaker
 * and the maxlag retry (cockatiel), around them the User-Agent, maxlag, Retry-After and in-200
 * error rules (docs/decisions/023-libraries-for-search-and-files.md).
 */

type WikimediaErrorKind =
  'timeout' | 'network' | 'rate-limited' | 'http' | 'bad-response' | 'api-error' | 'circuit-open';

/** Why a Wikimedia call failed; never the upstream body (someone else's HTML, bound for logs). */
export class WikimediaError extends Error {
  readonly kind: WikimediaErrorKind;
  readonly host: string;
  /** HTTP status, when an answer arrived. */
  readonly status: number | undefined;
  /** MediaWiki's machine-readable `error.code` for 'api-error' (e.g. 'maxlag', 'missingparam'). */
  readonly code: string | undefined;
  /** For 'rate-limited': how long (ms) the host asked us to stay away, counted from the failure. */
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: WikimediaErrorKind,
    host: string,
    message: string,
    options: { status?: number; code?: string; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'WikimediaError';
    this.kind = kind;
    this.host = host;
    this.status = options.status;
    this.code = options.code;
    this.retryAfterMs = options.retryAfterMs;
  }
}

type BreakerState = 'closed' | 'open' | 'half-open';

export type WikimediaClient = {
  /** GETs `url` and returns the parsed JSON body; throws `WikimediaError` for every failure. */
  getJson: (url: URL, signal?: AbortSignal) => Promise<unknown>;
  /** The breaker of `host` (`URL.host`); 'half-open': cooled down, the next call is a trial. */
  breakerState: (host: string) => BreakerState;
  /** A bare GET with WikiLogos' User-Agent, for callers that read the answer themselves (files). */
  send: (url: URL, init: SendInit) => Promise<Response>;
};

type SendInit = {
  signal: AbortSignal;
  accept: string;
  redirect?: RequestRedirect;
  headers?: Record<string, string>;
};

export type WikimediaClientOptions = {
  /** Wikimedia's policy: name/version (contact) library — see `wikimediaUserAgent`. */
  userAgent: string;
  /** Time one request may take, from sending it until its body is parsed (a maxlag retry included). */
  timeoutMs?: number;
  maxConcurrentPerHost?: number;
  breaker?: { failureThreshold?: number; cooldownMs?: number };
};

const DEFAULT_TIMEOUT_MS = 4_000;
export const DEFAULT_COOLDOWN_MS = 30_000;
/** A 429 without a usable Retry-After still means "back off"; this is how long. */
const DEFAULT_RETRY_AFTER_MS = 10_000;
/** A garbled or hostile Retry-After must not lock a host out for days. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** MediaWiki's advised maxlag pause when no Retry-After is sent. */
const DEFAULT_MAXLAG_DELAY_MS = 5_000;
/** A search answer with 50 files' metadata is well under 1 MB; anything far larger is not ours. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * MediaWiki codes meaning the server struggles, the only ones counted by the breaker (a
 * `missingparam` is our bug, not the host's health).
 */
const SERVER_SIDE_API_ERRORS = new Set([
  'maxlag',
  'ratelimited',
  'readonly',
  'search-text-disabled',
]);

/** Builds a User-Agent in the format Wikimedia's User-Agent policy asks for. */
export function wikimediaUserAgent(contact: string, version = '0.1.0'): string {
  return `WikiLogos/${version} (${contact}) undici`;
}

type Host = {
  name: string;
  bulkhead: BulkheadPolicy;
  breaker: CircuitBreakerPolicy;
  openedAt: number;
  /** While Date.now() < this, the host asked us (429) not to call. */
  blockedUntil: number;
};

type ErrorOptions = ConstructorParameters<typeof WikimediaError>[3];

/** Calls their caller gave up on: the host is not to blame for those. */
const cancelledByCaller = new WeakSet<WikimediaError>();

function cancelled(host: string, cause: unknown): WikimediaError {
  const err = new WikimediaError('timeout', host, `The call to ${host} was cancelled`, { cause });
  cancelledByCaller.add(err);
  return err;
}

const circuitOpen = (host: string) =>
  new WikimediaError('circuit-open', host, `${host} is failing; not calling it for a while`);

/** Whether a failure says the host is unhealthy (counts against its breaker). */
function isHostFailure(err: unknown): boolean {
  if (!(err instanceof WikimediaError)) return true;
  switch (err.kind) {
    case 'http':
      // 4xx (other than 429) is a bad request of ours, not an unhealthy host.
      return err.status === undefined || err.status >= 500;
    case 'api-error':
      return err.code !== undefined && SERVER_SIDE_API_ERRORS.has(err.code);
    case 'timeout':
      return !cancelledByCaller.has(err);
    case 'circuit-open':
      return false;
    case 'network':
    case 'rate-limited':
    case 'bad-response':
      return true;
  }
}

const maxlagDelay = (err: unknown) =>
  (err instanceof WikimediaError ? err.retryAfterMs : undefined) ?? DEFAULT_MAXLAG_DELAY_MS;

export function createWikimediaClient(options: WikimediaClientOptions): WikimediaClient {
  const userAgent = options.userAgent.trim();
  // Wikimedia blocks anonymous clients.
  if (!userAgent) throw new Error('createWikimediaClient: userAgent is required');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxConcurrent = Math.max(1, options.maxConcurrentPerHost ?? 4);
  const failureThreshold = Math.max(1, options.breaker?.failureThreshold ?? 5);
  const cooldownMs = options.breaker?.cooldownMs ?? DEFAULT_COOLDOWN_MS;
  const hosts = new Map<string, Host>();

  function hostOf(name: string): Host {
    const known = hosts.get(name);
    if (known) return known;
    const breaker = circuitBreaker(handleWhen(isHostFailure), {
      halfOpenAfter: cooldownMs,
      breaker: new ConsecutiveBreaker(failureThreshold),
    });
    const host: Host = {
      name,
      bulkhead: bulkhead(maxConcurrent, Infinity),
      breaker,
      openedAt: 0,
      blockedUntil: 0,
    };
    breaker.onBreak(() => (host.openedAt = Date.now()));
    hosts.set(name, host);
    return host;
  }

  function breakerState(host: Host): BreakerState {
    if (host.breaker.state === CircuitState.Closed) return 'closed';
    if (host.breaker.state === CircuitState.HalfOpen) return 'half-open';
    return Date.now() - host.openedAt >= cooldownMs ? 'half-open' : 'open';
  }

  function checkAvailable(host: Host): void {
    const retryAfterMs = host.blockedUntil - Date.now();
    if (retryAfterMs > 0) {
      const message = `${host.name} asked us to wait before calling again`;
      throw new WikimediaError('rate-limited', host.name, message, { retryAfterMs });
    }
    // Open, or half-open with its one trial already in flight: fail fast rather than wait.
    if (host.breaker.state === CircuitState.HalfOpen || breakerState(host) === 'open') {
      throw circuitOpen(host.name);
    }
  }

  function send(url: URL, { signal, accept, redirect = 'follow', headers }: SendInit) {
    return fetch(url, {
      headers: { 'User-Agent': userAgent, Accept: accept, ...headers },
      redirect,
      signal,
    });
  }

  async function getJson(url: URL, callerSignal?: AbortSignal): Promise<unknown> {
    const host = hostOf(url.host);
    if (callerSignal?.aborted) throw cancelled(host.name, callerSignal.reason);
    // Fail fast before queueing behind other requests for a host we already know is down.
    checkAvailable(host);
    try {
      return await host.bulkhead.execute(() => {
        // The circuit may have opened (or a 429 arrived) while this call waited in the queue.
        checkAvailable(host);
        const signal = AbortSignal.any([
          AbortSignal.timeout(timeoutMs),
          ...(callerSignal ? [callerSignal] : []),
        ]);
        const deadline = Date.now() + timeoutMs;
        // Replicas lagging: one retry after the advised pause, if the caller would still wait.
        const maxlagRetry = retry(
          handleWhen(
            (err) =>
              err instanceof WikimediaError &&
              err.code === 'maxlag' &&
              Date.now() + maxlagDelay(err) < deadline - 50,
          ),
          {
            maxAttempts: 1,
            backoff: new DelegateBackoff(({ result }: IRetryBackoffContext<unknown>) =>
              maxlagDelay('error' in result ? result.error : undefined),
            ),
          },
        );
        return host.breaker.execute(() =>
          maxlagRetry.execute(() => attempt(url, host, signal, callerSignal)),
        );
      }, callerSignal);
    } catch (err) {
      if (err instanceof BrokenCircuitError) throw circuitOpen(host.name);
      if (err instanceof TaskCancelledError) throw cancelled(host.name, callerSignal?.reason);
      throw err;
    }
  }

  async function attempt(
    url: URL,
    host: Host,
    signal: AbortSignal,
    callerSignal: AbortSignal | undefined,
  ): Promise<unknown> {
    const name = host.name;
    const fail = (kind: WikimediaErrorKind, message: string, options?: ErrorOptions) =>
      new WikimediaError(kind, name, message, options);
    const aborted = (cause: unknown) =>
      callerSignal?.aborted
        ? cancelled(name, cause)
        : fail('timeout', `${name} did not answer within ${timeoutMs} ms`, { cause });

    let response: Response;
    try {
      response = await send(url, {
        signal,
        accept: 'application/json',
        headers: { 'Api-User-Agent': userAgent, 'Accept-Encoding': 'gzip' },
      });
    } catch (err) {
      if (signal.aborted) throw aborted(err);
      throw fail('network', `Could not connect to ${name}`, { cause: err });
    }

    const { status } = response;
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), Date.now());
    // The host asked us to back off (HTTP 429, or in a 200): nobody calls it until the wait is over.
    const rateLimited = (message: string, options: ErrorOptions) => {
      const wait = retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
      host.blockedUntil = Math.max(host.blockedUntil, Date.now() + wait);
      return fail('rate-limited', message, { ...options, retryAfterMs: wait });
    };
    const refuse = async (err: WikimediaError) => {
      await discard(response);
      return err;
    };
    if (status === 429)
      throw await refuse(rateLimited(`${name} is rate-limiting WikiLogos (HTTP 429)`, { status }));
    if (!response.ok)
      throw await refuse(fail('http', `${name} answered HTTP ${status}`, { status }));
    const contentType = response.headers.get('content-type') ?? '';
    if (!/\bjson\b/i.test(contentType)) {
      // CDN error pages and maintenance notices arrive as HTML with status 200.
      const type = contentType.split(';')[0] || 'no content type';
      const message = `${name} answered with ${type} instead of JSON`;
      throw await refuse(fail('bad-response', message, { status }));
    }

    let text: string;
    try {
      text = await readText(response, name);
    } catch (err) {
      if (err instanceof WikimediaError) throw err;
      if (signal.aborted) throw aborted(err);
      throw fail('network', `The connection to ${name} broke off mid-answer`, { cause: err });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      const message = `${name} sent an incomplete or invalid JSON answer`;
      throw fail('bad-response', message, { status, cause: err });
    }

    const code = readApiErrorCode(body);
    if (code === 'ratelimited')
      throw rateLimited(`${name} is rate-limiting WikiLogos`, { status, code });
    if (code !== null) {
      throw fail('api-error', `${name} reported an API error: ${code}`, {
        status,
        code,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    return body;
  }

  return {
    getJson,
    send,
    breakerState: (name) => {
      const host = hosts.get(name);
      return host ? breakerState(host) : 'closed';
    },
  };
}

/** GETs a MediaWiki API answer (`params` plus format=json) and parses it with `schema`. */
export async function getApi<T>(
  client: WikimediaClient,
  api: { url: URL; name: string },
  params: Record<string, string>,
  schema: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<T> {
  const url = new URL(api.url);
  for (const [key, value] of Object.entries({ ...params, format: 'json' }))
    url.searchParams.set(key, value);
  const parsed = schema.safeParse(await client.getJson(url, signal));
  if (parsed.success) return parsed.data;
  const message = `${api.name} answered in an unexpected shape`;
  throw new WikimediaError('bad-response', url.host, message, { cause: parsed.error });
}

/** MediaWiki reports failures inside HTTP 200: `{error:{code,info}}` (or `errors[]` with errorformat). */
function readApiErrorCode(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  let error: unknown;
  if ('error' in body) error = body.error;
  else if ('errors' in body && Array.isArray(body.errors) && body.errors.length > 0)
    error = body.errors[0];
  else return null;
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  // Error codes are identifiers; anything else in that field is not something to echo into logs.
  const clean = typeof code === 'string' ? code.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 80) : '';
  return clean || 'unknown';
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  const ms = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - nowMs;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

async function readText(response: Response, host: string): Promise<string> {
  const tooLarge = () =>
    new WikimediaError('bad-response', host, `${host} sent an unexpectedly large answer`, {
      status: response.status,
    });
  if (Number(response.headers.get('content-length')) > MAX_BODY_BYTES) {
    await discard(response);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of response.body ?? []) {
    received += chunk.byteLength;
    if (received > MAX_BODY_BYTES) {
      await discard(response);
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Lets undici reuse the connection without reading an error page we will never show. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}
