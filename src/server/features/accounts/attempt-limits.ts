import { HttpError } from '#server/http-error.ts';
import type { FailureCounters, Pacing } from './login-throttle.repository.ts';

/** A ceiling on attempts per key in a fixed window, and what to tell the person past it. */
export type AttemptRule = { limit: number; windowMs: number; message: string };

/** A 429 `{ message }` with Retry-After in whole seconds (at least one). */
export function tooManyAttempts(message: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, message, {}, { 'retry-after': String(seconds) });
}

/** "45 seconds", "1 second", "4 minutes": a wait as a person reads it. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * Counts one attempt on each key, all before the work they guard, and refuses (429) when any
 * count is past its rule. The counting is atomic, so a burst gets at most `limit` attempts
 * through, however many arrive at once and on however many instances.
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

export type { Pacing };
