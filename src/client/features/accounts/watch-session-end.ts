import type { QueryClient } from '@tanstack/react-query';
import { ApiError, onUnauthorized } from '#client/lib/api-client.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './api/get-user.ts';
import { logoutMutationKey } from './api/logout.ts';
import { SESSION_ENDED_MESSAGE, setSessionEnded } from './session-ended.ts';

/**
 * A 401 while the page believes someone is signed in means that session is over: the user becomes
 * null everywhere at once and the call fails with words a person understands. A 401 for a visitor
 * who is not signed in (a wrong password, a guest's call) is left as the server said it.
 */
export function watchSessionEnd(queryClient: QueryClient): () => void {
  return onUnauthorized((error) => {
    const user = queryClient.getQueryData<User | null>(userQueryOptions().queryKey);
    // Logging out ends the session on purpose; calls still on their way then are no news.
    if (!user || queryClient.isMutating({ mutationKey: logoutMutationKey }) > 0) return;
    setSessionEnded(true);
    queryClient.setQueryData(userQueryOptions().queryKey, null);
    return new ApiError(401, SESSION_ENDED_MESSAGE, error.data);
  });
}
