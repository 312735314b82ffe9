import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { AdminMessageResponseSchema } from '#shared/admin/admin.schemas.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';
import { premiumCodesQueryOptions } from './get-premium-codes.ts';

/** PUT /api/admin/premium-codes/:id/invalidate — the list is read again afterwards. */
function invalidatePremiumCode(codeId: number) {
  return apiClient.put(`/api/admin/premium-codes/${codeId}/invalidate`, {
    schema: AdminMessageResponseSchema,
  });
}

export function useInvalidatePremiumCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invalidatePremiumCode,
    meta: { errorTitle: 'Failed to invalidate premium code' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: premiumCodesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey }),
      ]),
  });
}
