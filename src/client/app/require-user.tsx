import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoaderCircle } from 'lucide-react';
import { useIsLoggingOut } from '#client/features/accounts/api/logout.ts';
import { useCurrentUser } from '#client/features/accounts/hooks/use-current-user.ts';
import { useSessionEnded } from '#client/features/accounts/session-ended.ts';
import { Redirect } from '#client/app/redirect.tsx';
import type { Viewer } from '#client/features/billing/components/plan-cards.tsx';
import { isPremium } from '#shared/billing/plans.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';

/** Guest, Free or Premium by the server session, never by anything stored in the browser. */
export function useViewer(): Viewer {
  const { user, isLoading } = useCurrentUser();
  return isLoading ? 'loading' : !user ? 'guest' : isPremium(user) ? 'premium' : 'free';
}

/**
 * Guards a page by the server session (signed out: to /auth and back; not an admin: to /). Only
 * decides what to render: every API call behind the page is authorized on the server.
 */
export function RequireUser({
  admin = false,
  children,
}: {
  admin?: boolean;
  children: (user: User) => ReactNode;
}) {
  const { user, isLoading } = useCurrentUser();
  const loggingOut = useIsLoggingOut();
  // Logging out navigates on its own; a redirect to /auth would fight it. Latched: the router
  // commits the next page in a transition, after the logout has settled.
  const [leaving, setLeaving] = useState(false);
  if (loggingOut && !leaving) setLeaving(true);
  // An ended session is sent to sign in by the app shell, with a message: wait for that.
  const sessionEnded = useSessionEnded();
  const location = useLocation();

  if (isLoading || (!user && (loggingOut || leaving || sessionEnded))) return <PageSpinner />;
  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return <Redirect to={`/auth?redirect=${encodeURIComponent(here)}`} />;
  }
  if (admin && !user.isAdmin) return <Redirect to="/" />;
  return children(user);
}

export function PageSpinner() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <LoaderCircle aria-hidden className="size-8 animate-spin text-muted-foreground" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
