import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { MessageResponseSchema } from '#shared/accounts/accounts.schemas.ts';

/** POST /api/user/verification-email — a new link to the signed-in user's email (once a minute). */
export const useResendVerification = () =>
  useMutation({
    mutationFn: () =>
      apiClient.post('/api/user/verification-email', { schema: MessageResponseSchema }),
    meta: { errorTitle: 'Verification email not sent' },
  });
