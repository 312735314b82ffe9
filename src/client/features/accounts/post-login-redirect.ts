const KEY = 'postLoginRedirect';

/** Only same-site paths: `//evil.example` and absolute URLs would turn the redirect into an open redirect. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}

/**
 * Keeps the `redirect` query parameter for after sign-in (stored in session storage). Opening
 * /auth without one forgets an older target, so a later plain sign-in does not jump somewhere stale.
 */
export function savePostLoginRedirect(value: string | null): void {
  const path = safeRedirectPath(value);
  try {
    if (path) sessionStorage.setItem(KEY, path);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage can be unavailable (privacy modes); the query parameter still works on this page.
  }
}

/** The stored target (or `fallback`), removed so it is used once. */
export function takePostLoginRedirect(fallback: string): string {
  try {
    const stored = safeRedirectPath(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return stored ?? fallback;
  } catch {
    return fallback;
  }
}
