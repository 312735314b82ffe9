import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { UpdateUsernameResponseSchema } from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './get-user.ts';

/** PUT /api/user/update-username-direct — the server takes the user from the session. */
export function useUpdateUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newUsername: string) =>
      apiClient.put('/api/user/update-username-direct', {
        body: { newUsername },
        schema: UpdateUsernameResponseSchema,
        headers: { 'Cache-Control': 'no-cache' },
      }),
    meta: { errorTitle: 'Update Failed' },
    onSuccess: ({ user }) => {
      // The header and the dashboard show the new name at once.
      queryClient.setQueryData(userQueryOptions().queryKey, user);
      return queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
    },
  });
}
