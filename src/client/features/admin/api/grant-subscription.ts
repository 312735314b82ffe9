import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { GrantSubscriptionResponseSchema } from '#shared/admin/admin.schemas.ts';
import { adminUsersKey } from './get-admin-users.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';

/** POST /api/admin/grant-subscription — 1 month or 12 calendar months of Premium. */
export function grantSubscription({ userId, months }: { userId: number; months: 1 | 12 }) {
  return apiClient.post('/api/admin/grant-subscription', {
    body: { userId, months },
    schema: GrantSubscriptionResponseSchema,
  });
}

export function useGrantSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantSubscription,
    meta: { errorTitle: 'Failed to grant subscription' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey }),
      ]),
  });
}
