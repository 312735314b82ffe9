import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  SupportRequestCreatedResponseSchema,
  type SupportRequestBody,
} from '#shared/support/support.schemas.ts';

/** POST /api/support-requests — 201 with the confirmation; the server decides priority. */
export const useSendSupportRequest = () =>
  useMutation({
    mutationFn: (body: SupportRequestBody) =>
      apiClient.post('/api/support-requests', {
        body,
        schema: SupportRequestCreatedResponseSchema,
      }),
    meta: { errorTitle: 'Message not sent' },
  });
