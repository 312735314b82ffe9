import { apiClient } from '#client/lib/api-client.ts';
import { AdminMessageResponseSchema } from '#shared/admin/admin.schemas.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** PUT /api/admin/premium-codes/:id/invalidate */
export const useInvalidatePremiumCode = () =>
  useAdminMutation(
    (codeId: number) =>
      apiClient.put(`/api/admin/premium-codes/${codeId}/invalidate`, {
        schema: AdminMessageResponseSchema,
      }),
    { errorTitle: 'Failed to invalidate premium code' },
    ['codes', 'auditLog'],
  );
