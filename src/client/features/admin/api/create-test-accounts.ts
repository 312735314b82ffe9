import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { TestAccountsResponseSchema } from '#shared/admin/admin.schemas.ts';
import { adminUsersKey } from './get-admin-users.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';
import { premiumCodesQueryOptions } from './get-premium-codes.ts';

/**
 * POST /api/admin/reset-all-users — replaces every non-administrator account with a few test
 * accounts whose credentials come back this once. Only on servers started with ALLOW_TEST_ACCOUNTS.
 */
function createTestAccounts() {
  return apiClient.post('/api/admin/reset-all-users', { schema: TestAccountsResponseSchema });
}

export function useCreateTestAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestAccounts,
    meta: { errorTitle: 'Failed to create test accounts' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        queryClient.invalidateQueries({ queryKey: premiumCodesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey }),
      ]),
  });
}
