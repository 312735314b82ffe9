import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { MessageResponseSchema } from '#shared/accounts/accounts.schemas.ts';

/** POST /api/users/reset-password — sets the new password; the token is single-use. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      apiClient.post('/api/users/reset-password', { body, schema: MessageResponseSchema }),
    meta: { errorTitle: 'Password Reset Failed' },
  });
