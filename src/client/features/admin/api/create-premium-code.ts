import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  CreatePremiumCodeResponseSchema,
  type CreatePremiumCodeBody,
} from '#shared/admin/admin.schemas.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';
import { premiumCodesQueryOptions } from './get-premium-codes.ts';

/** POST /api/admin/premium-codes — `{ duration, expiryDays }` in days. */
export function createPremiumCode(body: Pick<CreatePremiumCodeBody, 'duration' | 'expiryDays'>) {
  return apiClient.post('/api/admin/premium-codes', {
    body,
    schema: CreatePremiumCodeResponseSchema,
  });
}

export function useCreatePremiumCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPremiumCode,
    // The dialog shows the failure above its fields.
    meta: { errorToast: false },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: premiumCodesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey }),
      ]),
  });
}
