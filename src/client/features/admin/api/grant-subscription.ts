import { apiClient } from '#client/lib/api-client.ts';
import { GrantSubscriptionResponseSchema } from '#shared/admin/admin.schemas.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** POST /api/admin/grant-subscription — 1 month or 12 calendar months of Premium. */
export const useGrantSubscription = () =>
  useAdminMutation(
    (body: { userId: number; months: 1 | 12 }) =>
      apiClient.post('/api/admin/grant-subscription', {
        body,
        schema: GrantSubscriptionResponseSchema,
      }),
    { errorTitle: 'Failed to grant subscription' },
    ['users', 'auditLog'],
  );
