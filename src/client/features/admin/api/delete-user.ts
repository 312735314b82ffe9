import { apiClient } from '#client/lib/api-client.ts';
import { AdminMessageResponseSchema } from '#shared/admin/admin.schemas.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** DELETE /api/admin/users/:id — the server refuses administrator accounts. */
export const useDeleteUser = () =>
  useAdminMutation(
    (userId: number) =>
      apiClient.delete(`/api/admin/users/${userId}`, { schema: AdminMessageResponseSchema }),
    { errorTitle: 'Failed to delete user' },
    // A deleted user's redeemed codes lose their username.
    ['users', 'auditLog', 'codes'],
  );
