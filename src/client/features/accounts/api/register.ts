import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { UserSchema, type RegisterBody, type User } from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './get-user.ts';

/** POST /api/users/register — creates the account and signs it in (201 with the user). */
export function register(body: RegisterBody): Promise<User> {
  return apiClient.post('/api/users/register', { body, schema: UserSchema });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    meta: { errorTitle: 'Sign-up failed' },
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryOptions().queryKey, user);
    },
  });
}
