import { apiClient } from '#client/lib/api-client.ts';
import { ResetAdminCredentialsResponseSchema } from '#shared/admin/admin.schemas.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** POST /api/admin/reset — a new strong password, returned this once; other admin sessions end. */
export const useResetAdminCredentials = () =>
  useAdminMutation(
    () => apiClient.post('/api/admin/reset', { schema: ResetAdminCredentialsResponseSchema }),
    { errorTitle: 'Failed to reset admin credentials' },
    ['auditLog'],
  );
