import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { ResetAdminCredentialsResponseSchema } from '#shared/admin/admin.schemas.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';

/** POST /api/admin/reset — a new strong password, returned this once; other admin sessions end. */
function resetAdminCredentials() {
  return apiClient.post('/api/admin/reset', { schema: ResetAdminCredentialsResponseSchema });
}

export function useResetAdminCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAdminCredentials,
    meta: { errorTitle: 'Failed to reset admin credentials' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey }),
  });
}
