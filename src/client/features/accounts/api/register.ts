import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { UserSchema, type RegisterBody } from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './get-user.ts';

/** POST /api/users/register — creates the account and signs it in (201 with the user). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      apiClient.post('/api/users/register', { body, schema: UserSchema }),
    meta: { errorTitle: 'Sign-up failed' },
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions().queryKey, user),
  });
}
