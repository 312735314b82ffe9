import { apiClient } from '#client/lib/api-client.ts';
import { AdminMessageResponseSchema } from '#shared/admin/admin.schemas.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** POST /api/admin/downgrade-subscription — Premium ends now (a Stripe subscription is cancelled too). */
export const useDowngradeSubscription = () =>
  useAdminMutation(
    (userId: number) =>
      apiClient.post('/api/admin/downgrade-subscription', {
        body: { userId },
        schema: AdminMessageResponseSchema,
      }),
    { errorTitle: 'Failed to downgrade subscription' },
    ['users', 'auditLog'],
  );
