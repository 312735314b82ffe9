import { apiClient } from '#client/lib/api-client.ts';
import { TestAccountsResponseSchema } from '#shared/admin/admin.schemas.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/**
 * POST /api/admin/reset-all-users — replaces every non-administrator account with a few test
 * accounts whose credentials come back this once. Only on servers started with ALLOW_TEST_ACCOUNTS.
 */
export const useCreateTestAccounts = () =>
  useAdminMutation(
    () => apiClient.post('/api/admin/reset-all-users', { schema: TestAccountsResponseSchema }),
    { errorTitle: 'Failed to create test accounts' },
    ['users', 'codes', 'auditLog'],
  );
