import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { dismissToast } from '#client/components/ui/use-toast.ts';
import { sessionEndedSignInPath, setSessionEnded, useSessionEnded } from '../session-ended.ts';

const SIGN_IN_PAGES = new Set(['/auth', '/admin-login']);

/**
 * Sends the visitor to sign in again once their session has ended. That page says why, so toasts
 * of calls that failed on the way are dropped.
 */
export function SessionEndedRedirect() {
  const ended = useSessionEnded();
  const location = useLocation();
  const arrived = SIGN_IN_PAGES.has(location.pathname);

  useEffect(() => {
    if (!ended || !arrived) return;
    setSessionEnded(false);
    dismissToast();
  }, [ended, arrived]);

  if (!ended || arrived) return null;
  return <Navigate to={sessionEndedSignInPath(location)} replace />;
}
