import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { UserSchema, type LoginBody } from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './get-user.ts';

/** POST /api/users/login — `username` may also be the account's email. Starts a server session. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) =>
      apiClient.post('/api/users/login', { body, schema: UserSchema }),
    meta: { errorTitle: 'Login failed' },
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions().queryKey, user),
  });
}
