import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { RequestResetResponseSchema } from '#shared/accounts/accounts.schemas.ts';

/** POST /api/users/request-reset — answers the same whether or not the address has an account. */
export const useRequestReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiClient.post('/api/users/request-reset', {
        body: { email },
        schema: RequestResetResponseSchema,
      }),
    meta: { errorTitle: 'Password Reset Failed' },
  });
