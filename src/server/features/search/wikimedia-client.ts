/**
 * The one HTTP client for the Wikimedia APIs (Commons and Wikidata). It owns everything that keeps
 * WikiLogos a polite, resilient API consumer: the User-Agent policy, a time budget per call, a small
 * queue per host, Retry-After, and a circuit breaker per host so an outage costs one fast failure
 * instead of a timeout per search.
 */

export const WIKIMEDIA_ERROR_KINDS = [
  'timeout',
  'network',
  'rate-limited',
  'http',
  'bad-response',
  'api-error',
  'circuit-open',
] as const;
export type WikimediaErrorKind = (typeof WIKIMEDIA_ERROR_KINDS)[number];

/**
 * Why a Wikimedia call failed. Messages never contain the upstream body: error pages are HTML
 * written by someone else, and these messages end up in logs and warnings.
 */
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

export type BreakerState = 'closed' | 'open' | 'half-open';

export type WikimediaClient = {
  /** GETs `url` and returns the parsed JSON body; throws `WikimediaError` for every failure. */
  getJson: (url: URL, signal?: AbortSignal) => Promise<unknown>;
  /**
   * The circuit breaker for `host` (as in `URL.host`, port included). 'half-open' means the
   * cooldown has passed and the next call is let through as a trial.
   */
  breakerState: (host: string) => BreakerState;
};

export type WikimediaClientOptions = {
  /** Wikimedia's policy: name/version (contact) library — see `wikimediaUserAgent`. */
  userAgent: string;
  /**
   * Time one request may take, from sending it until its body is parsed (a maxlag retry must fit
   * in it too). Waiting in the per-host queue is limited separately, by the same amount.
   */
  timeoutMs?: number;
  maxConcurrentPerHost?: number;
  breaker?: { failureThreshold?: number; cooldownMs?: number };
  /** Clock for the breaker cooldown and Retry-After windows (tests move it forward). */
  now?: () => number;
};

const DEFAULT_TIMEOUT_MS = 4_000;
const DEFAULT_MAX_CONCURRENT_PER_HOST = 4;
const DEFAULT_FAILURE_THRESHOLD = 5;
export const DEFAULT_COOLDOWN_MS = 30_000;
/** A 429 without a usable Retry-After still means "back off"; this is how long. */
const DEFAULT_RETRY_AFTER_MS = 10_000;
/** A garbled or hostile Retry-After must not lock a host out for days. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** MediaWiki's advice for maxlag when no Retry-After is sent (Manual:Maxlag_parameter). */
const DEFAULT_MAXLAG_DELAY_MS = 5_000;
/** A search answer with 50 files' metadata is well under 1 MB; anything far larger is not ours. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * MediaWiki error codes that say the server is struggling rather than that our request was wrong.
 * Only these count against the breaker; a `missingparam` is our bug and says nothing about health.
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

type HostState = {
  active: number;
  waiting: Array<{ start: () => void; cancel: () => void }>;
  breaker: BreakerState;
  consecutiveFailures: number;
  openedAt: number;
  trialInFlight: boolean;
  /** While now() < this, the host asked us (429) not to call. */
  blockedUntil: number;
};

/** How an attempt ended, for the breaker. */
type Outcome = 'success' | 'failure' | 'neutral';

export function createWikimediaClient(options: WikimediaClientOptions): WikimediaClient {
  const userAgent = options.userAgent.trim();
  if (!userAgent)
    throw new Error(
      'createWikimediaClient: userAgent is required (Wikimedia blocks anonymous clients)',
    );
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxConcurrent = Math.max(
    1,
    options.maxConcurrentPerHost ?? DEFAULT_MAX_CONCURRENT_PER_HOST,
  );
  const failureThreshold = Math.max(
    1,
    options.breaker?.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD,
  );
  const cooldownMs = options.breaker?.cooldownMs ?? DEFAULT_COOLDOWN_MS;
  const now = options.now ?? Date.now;

  const hosts = new Map<string, HostState>();

  function hostState(host: string): HostState {
    let state = hosts.get(host);
    if (!state) {
      state = {
        active: 0,
        waiting: [],
        breaker: 'closed',
        consecutiveFailures: 0,
        openedAt: 0,
        trialInFlight: false,
        blockedUntil: 0,
      };
      hosts.set(host, state);
    }
    return state;
  }

  function currentBreakerState(state: HostState): BreakerState {
    if (state.breaker === 'open' && now() - state.openedAt >= cooldownMs) return 'half-open';
    return state.breaker;
  }

  /**
   * Throws if no request may be sent to `host` now. With `admit`, also claims the half-open trial,
   * so exactly one request probes a recovering host.
   */
  function checkAvailable(host: string, state: HostState, admit: boolean): void {
    const remainingBlock = state.blockedUntil - now();
    if (remainingBlock > 0) {
      throw new WikimediaError(
        'rate-limited',
        host,
        `${host} asked us to wait before calling again`,
        {
          retryAfterMs: remainingBlock,
        },
      );
    }
    const breaker = currentBreakerState(state);
    if (breaker === 'open' || (breaker === 'half-open' && state.trialInFlight)) {
      throw new WikimediaError(
        'circuit-open',
        host,
        `${host} is failing; not calling it for a while`,
      );
    }
    if (admit && breaker === 'half-open') {
      state.breaker = 'half-open';
      state.trialInFlight = true;
    }
  }

  function record(state: HostState, outcome: Outcome, wasTrial: boolean): void {
    if (wasTrial) state.trialInFlight = false;
    if (outcome === 'success') {
      state.consecutiveFailures = 0;
      state.breaker = 'closed';
      return;
    }
    if (outcome === 'failure') {
      state.consecutiveFailures += 1;
      if (wasTrial || state.consecutiveFailures >= failureThreshold) {
        state.breaker = 'open';
        state.openedAt = now();
      }
    }
    // 'neutral' (a cancelled call, a 4xx): the host told us nothing about its health. A trial that
    // ends this way leaves the circuit half-open so the next call probes again.
  }

  function acquireSlot(state: HostState, signal: AbortSignal): Promise<void> {
    if (state.active < maxConcurrent) {
      state.active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          state.active += 1;
          resolve();
        },
        cancel: () => {
          signal.removeEventListener('abort', onAbort);
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        },
      };
      const onAbort = () => {
        const i = state.waiting.indexOf(waiter);
        if (i !== -1) state.waiting.splice(i, 1);
        waiter.cancel();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      state.waiting.push(waiter);
    });
  }

  function releaseSlot(state: HostState): void {
    state.active -= 1;
    const next = state.waiting.shift();
    if (next) next.start();
  }

  async function getJson(url: URL, callerSignal?: AbortSignal): Promise<unknown> {
    const host = url.host;
    const state = hostState(host);
    const cancelled = (cause: unknown) =>
      new WikimediaError('timeout', host, `The call to ${host} was cancelled`, { cause });
    if (callerSignal?.aborted) throw cancelled(callerSignal.reason);
    // Fail fast before queueing behind other requests for a host we already know is down.
    checkAvailable(host, state, false);

    // Waiting for a slot is bounded too, but it is our congestion, not the host's: it never
    // counts against the breaker.
    const queueTimeout = AbortSignal.timeout(timeoutMs);
    try {
      await acquireSlot(
        state,
        callerSignal ? AbortSignal.any([callerSignal, queueTimeout]) : queueTimeout,
      );
    } catch (err) {
      if (callerSignal?.aborted) throw cancelled(err);
      throw new WikimediaError(
        'timeout',
        host,
        `Too many calls to ${host} in progress; gave up waiting`,
        { cause: err },
      );
    }

    try {
      // The circuit may have opened (or a 429 arrived) while this call waited in the queue.
      checkAvailable(host, state, true);
      const wasTrial = state.trialInFlight;
      const requestTimeout = AbortSignal.timeout(timeoutMs);
      const signal = callerSignal
        ? AbortSignal.any([callerSignal, requestTimeout])
        : requestTimeout;
      const deadline = Date.now() + timeoutMs;
      const abortError = (cause: unknown) =>
        callerSignal?.aborted
          ? cancelled(cause)
          : new WikimediaError('timeout', host, `${host} did not answer within ${timeoutMs} ms`, {
              cause,
            });
      let outcome: Outcome = 'failure';
      try {
        const body = await attemptWithMaxlagRetry(url, host, state, signal, deadline, abortError);
        outcome = 'success';
        return body;
      } catch (err) {
        outcome = classify(err, callerSignal);
        throw err;
      } finally {
        record(state, outcome, wasTrial);
      }
    } finally {
      releaseSlot(state);
    }
  }

  function classify(err: unknown, callerSignal: AbortSignal | undefined): Outcome {
    if (!(err instanceof WikimediaError)) return 'failure';
    switch (err.kind) {
      case 'http':
        // 4xx (other than 429) is a bad request of ours, not an unhealthy host.
        return err.status !== undefined && err.status < 500 ? 'neutral' : 'failure';
      case 'api-error':
        return err.code !== undefined && SERVER_SIDE_API_ERRORS.has(err.code)
          ? 'failure'
          : 'neutral';
      case 'timeout':
        // Our own deadline passing is the host's fault; a caller giving up is not.
        return callerSignal?.aborted ? 'neutral' : 'failure';
      case 'network':
      case 'rate-limited':
      case 'bad-response':
        return 'failure';
      case 'circuit-open':
        return 'neutral';
    }
  }

  async function attemptWithMaxlagRetry(
    url: URL,
    host: string,
    state: HostState,
    signal: AbortSignal,
    deadline: number,
    abortError: (cause: unknown) => WikimediaError,
  ): Promise<unknown> {
    try {
      return await attempt(url, host, state, signal, abortError);
    } catch (err) {
      if (!(err instanceof WikimediaError) || err.code !== 'maxlag') throw err;
      // Replicas are lagging: one retry after the advised pause, but only if the caller would
      // still be waiting for the answer by then.
      const delay = err.retryAfterMs ?? DEFAULT_MAXLAG_DELAY_MS;
      if (Date.now() + delay >= deadline - 50) throw err;
      await sleep(delay, signal).catch((cause: unknown) => {
        throw abortError(cause);
      });
      return attempt(url, host, state, signal, abortError);
    }
  }

  async function attempt(
    url: URL,
    host: string,
    state: HostState,
    signal: AbortSignal,
    abortError: (cause: unknown) => WikimediaError,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'GET',
        headers: {
          'User-Agent': userAgent,
          'Api-User-Agent': userAgent,
          'Accept-Encoding': 'gzip',
          Accept: 'application/json',
        },
        redirect: 'follow',
        signal,
      });
    } catch (err) {
      if (signal.aborted) throw abortError(err);
      throw new WikimediaError('network', host, `Could not connect to ${host}`, { cause: err });
    }

    if (response.status === 429) {
      const retryAfterMs =
        parseRetryAfter(response.headers.get('retry-after'), now()) ?? DEFAULT_RETRY_AFTER_MS;
      state.blockedUntil = Math.max(state.blockedUntil, now() + retryAfterMs);
      await discard(response);
      throw new WikimediaError(
        'rate-limited',
        host,
        `${host} is rate-limiting WikiLogos (HTTP 429)`,
        {
          status: 429,
          retryAfterMs,
        },
      );
    }
    if (!response.ok) {
      await discard(response);
      throw new WikimediaError('http', host, `${host} answered HTTP ${response.status}`, {
        status: response.status,
      });
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (!/\bjson\b/i.test(contentType)) {
      // CDN error pages and maintenance notices arrive as HTML with status 200.
      await discard(response);
      throw new WikimediaError(
        'bad-response',
        host,
        `${host} answered with ${contentType.split(';')[0] || 'no content type'} instead of JSON`,
        {
          status: response.status,
        },
      );
    }

    let text: string;
    try {
      text = await readText(response, host);
    } catch (err) {
      if (err instanceof WikimediaError) throw err;
      if (signal.aborted) throw abortError(err);
      throw new WikimediaError('network', host, `The connection to ${host} broke off mid-answer`, {
        cause: err,
      });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      throw new WikimediaError(
        'bad-response',
        host,
        `${host} sent an incomplete or invalid JSON answer`,
        {
          status: response.status,
          cause: err,
        },
      );
    }

    const apiError = readApiError(body);
    if (apiError) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
      if (apiError.code === 'ratelimited') {
        const wait = retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
        state.blockedUntil = Math.max(state.blockedUntil, now() + wait);
        throw new WikimediaError('rate-limited', host, `${host} is rate-limiting WikiLogos`, {
          status: response.status,
          code: apiError.code,
          retryAfterMs: wait,
        });
      }
      throw new WikimediaError(
        'api-error',
        host,
        `${host} reported an API error: ${apiError.code}`,
        {
          status: response.status,
          code: apiError.code,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        },
      );
    }
    return body;
  }

  return {
    getJson,
    breakerState: (host) => {
      const state = hosts.get(host);
      return state ? currentBreakerState(state) : 'closed';
    },
  };
}

/** MediaWiki reports failures inside HTTP 200: `{error:{code,info}}` (or `errors[]` with errorformat). */
function readApiError(body: unknown): { code: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  if ('error' in body) {
    const error: unknown = body.error;
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    return { code: typeof code === 'string' && code ? sanitizeCode(code) : 'unknown' };
  }
  if ('errors' in body && Array.isArray(body.errors) && body.errors.length > 0) {
    const first: unknown = body.errors[0];
    const code =
      typeof first === 'object' && first !== null && 'code' in first ? first.code : undefined;
    return { code: typeof code === 'string' && code ? sanitizeCode(code) : 'unknown' };
  }
  return null;
}

/** Error codes are identifiers; anything else in that field is not something to echo into logs. */
function sanitizeCode(code: string): string {
  return code.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 80) || 'unknown';
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    ms = Number(trimmed) * 1000;
  } else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    ms = date - nowMs;
  }
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}

async function readText(response: Response, host: string): Promise<string> {
  if (!response.body) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    await discard(response);
    throw new WikimediaError('bad-response', host, `${host} sent an unexpectedly large answer`, {
      status: response.status,
    });
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw new WikimediaError('bad-response', host, `${host} sent an unexpectedly large answer`, {
        status: response.status,
      });
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** Lets undici reuse the connection without reading an error page we will never show. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
