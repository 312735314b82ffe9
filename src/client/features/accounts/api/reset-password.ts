import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { MessageResponseSchema } from '#shared/accounts/accounts.schemas.ts';

/** POST /api/users/reset-password — sets the new password; the token is single-use. */
export function resetPassword(body: { token: string; newPassword: string }) {
  return apiClient.post('/api/users/reset-password', { body, schema: MessageResponseSchema });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    meta: { errorTitle: 'Password Reset Failed' },
  });
}
