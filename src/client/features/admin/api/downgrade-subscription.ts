import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { AdminMessageResponseSchema } from '#shared/admin/admin.schemas.ts';
import { adminUsersKey } from './get-admin-users.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';

/** POST /api/admin/downgrade-subscription — Premium ends now (a Stripe subscription is cancelled too). */
export function downgradeSubscription(userId: number) {
  return apiClient.post('/api/admin/downgrade-subscription', {
    body: { userId },
    schema: AdminMessageResponseSchema,
  });
}

export function useDowngradeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downgradeSubscription,
    meta: { errorTitle: 'Failed to downgrade subscription' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey }),
      ]),
  });
}
