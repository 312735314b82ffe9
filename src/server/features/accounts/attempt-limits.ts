import { HttpError } from '#server/http-error.ts';

/** Exponential pacing for a counter: `free` attempts, then base·2^(n−free) between attempts. */
export type Pacing = { free: number; baseDelayMs: number; maxDelayMs: number };

export type PacedAttempt =
  { allowed: true; count: number } | { allowed: false; retryAfterMs: number };

/** The wait a paced counter asks for after `count` attempts. */
export function pacingDelayMs(pacing: Pacing, count: number): number {
  if (count < pacing.free) return 0;
  return Math.min(pacing.maxDelayMs, pacing.baseDelayMs * 2 ** (count - pacing.free));
}

/**
 * Fixed-window attempt counters in the database, shared by every instance, namespaced keys. One
 * statement per write, so concurrent attempts count exactly once: count first, then do the work.
 */
export type FailureCounters = {
  count: (key: string, now: Date) => Promise<number>;
  /** Adds one attempt and returns the new count; the window starts at the first attempt. */
  increment: (key: string, now: Date, windowMs: number) => Promise<number>;
  /** Like increment, and also tells when the current window ends. */
  attempt: (
    key: string,
    now: Date,
    windowMs: number,
  ) => Promise<{ count: number; windowEndsAt: Date }>;
  /**
   * Adds one attempt only if the pacing allows it now (window over, under `free`, or the delay
   * passed); otherwise counts nothing and says how long to wait.
   */
  attemptPaced: (key: string, now: Date, windowMs: number, pacing: Pacing) => Promise<PacedAttempt>;
  /** Takes back one attempt (an attempt that turned out to be legitimate, e.g. a right password). */
  refund: (key: string) => Promise<void>;
  reset: (key: string) => Promise<void>;
};

/** A ceiling on attempts per key in a fixed window, and what to tell the person past it. */
export type AttemptRule = { limit: number; windowMs: number; message: string };

/** A 429 with Retry-After in whole seconds (at least one). */
export function tooManyAttempts(message: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, 'RATE_LIMITED', message, {
    headers: { 'retry-after': String(seconds) },
  });
}

/** "45 seconds", "1 second", "4 minutes": a wait as a person reads it. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * Counts one attempt per key before the guarded work and refuses (429) past any rule; atomic, so
 * a burst gets at most `limit` through, however many arrive on however many instances.
 */
export async function countAttempts(
  counters: FailureCounters,
  now: Date,
  checks: Array<{ key: string; rule: AttemptRule }>,
): Promise<void> {
  const results = await Promise.all(
    checks.map(({ key, rule }) => counters.attempt(key, now, rule.windowMs)),
  );
  checks.forEach(({ rule }, i) => {
    const { count, windowEndsAt } = results[i]!;
    if (count > rule.limit) {
      throw tooManyAttempts(rule.message, windowEndsAt.getTime() - now.getTime());
    }
  });
}
