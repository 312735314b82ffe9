import { hashKey, type QueryClient } from '@tanstack/react-query';
import { ApiError, onUnauthorized } from '#client/lib/api-client.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './api/get-user.ts';
import { logoutMutationKey } from './api/logout.ts';
import { SESSION_ENDED_MESSAGE, setSessionEnded } from './session-ended.ts';

/**
 * The session the page was using is over when, while someone is signed in here:
 * - any API call answers 401: the user becomes null everywhere at once and the call fails with
 *   words a person understands;
 * - a refresh of the user (on focus, on a visit) answers that no one is signed in (the server
 *   answers 200 null, not 401, so a guest's console stays clean).
 * A 401 or a null for a visitor who is not signed in (a wrong password, a guest) is no news, and
 * neither is signing out or deleting the account here, which set the user to null themselves.
 */
export function watchSessionEnd(queryClient: QueryClient): () => void {
  const userKey = userQueryOptions().queryKey;
  const signedIn = () => Boolean(queryClient.getQueryData<User | null>(userKey));
  const loggingOut = () => queryClient.isMutating({ mutationKey: logoutMutationKey }) > 0;

  // Whether the user query named someone when its current fetch began (the page's own sign-out
  // and account deletion set null by hand first, so their refetches start from null).
  const userHash = hashKey(userKey);
  let hadUser = false;
  const stopWatchingUser = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== userHash) return;
    const { action } = event;
    if (action.type === 'fetch') hadUser = Boolean(event.query.state.data);
    else if (action.type === 'success' && !action.manual && action.data === null && hadUser) {
      if (!loggingOut()) setSessionEnded(true);
    }
  });

  const stopWatching401 = onUnauthorized((error) => {
    if (!signedIn() || loggingOut()) return;
    setSessionEnded(true);
    queryClient.setQueryData(userKey, null);
    return new ApiError(401, SESSION_ENDED_MESSAGE, error.data);
  });

  return () => {
    stopWatchingUser();
    stopWatching401();
  };
}
