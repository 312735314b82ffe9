import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryOptions } from './get-user.ts';

/** POST /api/logout — ends the server session. Loaded lazily: the header offers it on every page. */
export async function logout(): Promise<{ message: string }> {
  const [{ apiClient }, { MessageResponseSchema }] = await Promise.all([
    import('#client/lib/api-client.ts'),
    import('#shared/accounts/accounts.schemas.ts'),
  ]);
  return apiClient.post('/api/logout', { schema: MessageResponseSchema });
}

export const logoutMutationKey = ['/api/logout'] as const;

/**
 * The callbacks are the mutation's own (not `mutate`'s), so they still run when the button that
 * started the logout has gone — the dashboard unmounts the moment the user becomes null. The
 * mutation stays pending until `onSuccess` settles, which `useIsLoggingOut` reports.
 */
export function useLogout(options: { onSuccess?: () => Promise<void> | void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: logoutMutationKey,
    mutationFn: logout,
    onSuccess: async () => {
      // Signed out now: every reader of the current user sees null at once, without a refetch.
      queryClient.setQueryData(userQueryOptions().queryKey, null);
      await options.onSuccess?.();
    },
    meta: { errorTitle: 'Logout Failed', errorText: 'An error occurred while logging out.' },
  });
}

/** True while a logout is under way, so a protected page does not bounce to /auth meanwhile. */
export function useIsLoggingOut(): boolean {
  return useIsMutating({ mutationKey: logoutMutationKey }) > 0;
}
