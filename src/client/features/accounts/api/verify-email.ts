import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { MessageResponseSchema } from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './get-user.ts';

/** POST /api/auth/verify-email — the token from the link emailed at sign-up; works once. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiClient.post('/api/auth/verify-email', { body: { token }, schema: MessageResponseSchema }),
    // The page shows the refusal.
    meta: { errorToast: false },
    // The Account tab, if this browser is signed in, shows 'Verified' from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
