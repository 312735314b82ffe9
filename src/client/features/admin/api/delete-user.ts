import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { AdminMessageResponseSchema } from '#shared/admin/admin.schemas.ts';
import { adminUsersKey } from './get-admin-users.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';
import { premiumCodesQueryOptions } from './get-premium-codes.ts';

/** DELETE /api/admin/users/:id — the server refuses administrator accounts. */
export function deleteUser(userId: number) {
  return apiClient.delete(`/api/admin/users/${userId}`, { schema: AdminMessageResponseSchema });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    meta: { errorTitle: 'Failed to delete user' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey }),
        // A deleted user's redeemed codes lose their username.
        queryClient.invalidateQueries({ queryKey: premiumCodesQueryOptions().queryKey }),
      ]),
  });
}
