import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { RequestResetResponseSchema } from '#shared/accounts/accounts.schemas.ts';

/** POST /api/users/request-reset — answers the same whether or not the address has an account. */
export function requestReset(email: string) {
  return apiClient.post('/api/users/request-reset', {
    body: { email },
    schema: RequestResetResponseSchema,
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: requestReset,
    meta: { errorTitle: 'Password Reset Failed' },
  });
}
