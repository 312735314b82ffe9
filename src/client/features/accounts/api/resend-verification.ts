import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { MessageResponseSchema } from '#shared/accounts/accounts.schemas.ts';

/** POST /api/user/verification-email — a new link to the signed-in user's email (once a minute). */
function resendVerification() {
  return apiClient.post('/api/user/verification-email', { schema: MessageResponseSchema });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    meta: { errorTitle: 'Verification email not sent' },
  });
}
