import { useSyncExternalStore } from 'react';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
/** `?reason=` on the sign-in pages when a session ended under the visitor's feet. */
export const SESSION_ENDED_REASON = 'session-ended';

/*
 * Whether the session the page was using has ended (signed out elsewhere, credentials reset,
 * expired) and the visitor has not reached a sign-in page yet. Kept outside React so the API layer
 * can raise it before the user becomes null: protected pages then wait for the move to the
 * sign-in page instead of bouncing to their own sign-in redirect first.
 */
let ended = false;
const listeners = new Set<() => void>();

/** Raised by watch-session-end.ts; cleared once the visitor is on a sign-in page. */
export function setSessionEnded(value: boolean): void {
  if (ended === value) return;
  ended = value;
  for (const listener of listeners) listener();
}

export const sessionHasEnded = (): boolean => ended;

export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sessionHasEnded,
    () => false,
  );
}

const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** Admin pages sign in again at /admin-login, others at /auth; both come back to `location`. */
export function sessionEndedSignInPath(location: { pathname: string; search: string }): string {
  const page = isAdminPath(location.pathname) ? '/admin-login' : '/auth';
  const params = new URLSearchParams({
    redirect: `${location.pathname}${location.search}`,
    reason: SESSION_ENDED_REASON,
  });
  return `${page}?${params.toString()}`;
}
