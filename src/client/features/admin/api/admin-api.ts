import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type Register,
} from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { MessageResponseSchema } from '#shared/accounts/accounts.schemas.ts';
import {
  AdminConfigResponseSchema,
  AdminUsersResponseSchema,
  AuditLogResponseSchema,
  GrantSubscriptionResponseSchema,
  ResetAdminCredentialsResponseSchema,
  TestAccountsResponseSchema,
} from '#shared/admin/admin.schemas.ts';
import {
  BackupsResponseSchema,
  CreateBackupResponseSchema,
} from '#shared/admin/backups.schemas.ts';
import {
  CreatePremiumCodeResponseSchema,
  PremiumCodesResponseSchema,
  type CreatePremiumCodeBody,
} from '#shared/premium-codes/premium-codes.schemas.ts';
import { SupportRequestsResponseSchema } from '#shared/support/support.schemas.ts';

// Every endpoint of the admin area, one table: the reads, then the writes with the lists they change.

/** GET /api/admin/config — which optional tools this server offers. */
export const useAdminConfig = () =>
  useQuery({
    queryKey: ['/api/admin/config'] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/config', { schema: AdminConfigResponseSchema, signal }),
    // Fixed when the server starts.
    staleTime: Infinity,
  });

/** Every users query starts with this key, whatever the search or page; mutations invalidate by it. */
const adminUsersKey = ['/api/admin/users'] as const;

/** GET /api/admin/users?page=&search= — the server matches name or email and sets the page size. */
export const useAdminUsers = ({ search, page }: { search: string; page: number }) =>
  useQuery({
    queryKey: [...adminUsersKey, { search: search.trim(), page }] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/users', {
        query: { search: search.trim() || undefined, page: page > 1 ? page : undefined },
        schema: AdminUsersResponseSchema,
        signal,
      }),
    // A new search or page keeps the last list on screen until its answer arrives, instead of
    // flashing a skeleton.
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/audit-log — newest first. */
const auditLogQueryOptions = queryOptions({
  queryKey: ['/api/admin/audit-log'] as const,
  queryFn: async ({ signal }) =>
    (await apiClient.get('/api/admin/audit-log', { schema: AuditLogResponseSchema, signal }))
      .entries,
});
export const useAuditLog = () => useQuery(auditLogQueryOptions);

/** GET /api/admin/backups — newest first, with the schedule. */
const backupsQueryOptions = queryOptions({
  queryKey: ['/api/admin/backups'] as const,
  queryFn: ({ signal }) =>
    apiClient.get('/api/admin/backups', { schema: BackupsResponseSchema, signal }),
});
export const useBackups = () => useQuery(backupsQueryOptions);

const premiumCodesQueryOptions = queryOptions({
  queryKey: ['/api/admin/premium-codes'] as const,
  queryFn: ({ signal }) =>
    apiClient.get('/api/admin/premium-codes', { schema: PremiumCodesResponseSchema, signal }),
});
export const usePremiumCodes = () => useQuery(premiumCodesQueryOptions);

/** GET /api/admin/support-requests — open first, priority first, then the longest waiting. */
const supportRequestsQueryOptions = queryOptions({
  queryKey: ['/api/admin/support-requests'] as const,
  queryFn: async ({ signal }) =>
    (
      await apiClient.get('/api/admin/support-requests', {
        schema: SupportRequestsResponseSchema,
        signal,
      })
    ).requests,
});
export const useSupportRequests = () => useQuery(supportRequestsQueryOptions);

const LISTS = {
  users: adminUsersKey,
  codes: premiumCodesQueryOptions.queryKey,
  auditLog: auditLogQueryOptions.queryKey,
  backups: backupsQueryOptions.queryKey,
  support: supportRequestsQueryOptions.queryKey,
};

/** An administrator's write: the lists it changes are read again however it ends. */
function useAdminMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  meta: Register['mutationMeta'],
  changes: (keyof typeof LISTS)[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta,
    onSettled: () =>
      Promise.all(changes.map((list) => queryClient.invalidateQueries({ queryKey: LISTS[list] }))),
  });
}

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

/** POST /api/admin/downgrade-subscription — Premium ends now (a Stripe subscription is cancelled too). */
export const useDowngradeSubscription = () =>
  useAdminMutation(
    (userId: number) =>
      apiClient.post('/api/admin/downgrade-subscription', {
        body: { userId },
        schema: MessageResponseSchema,
      }),
    { errorTitle: 'Failed to downgrade subscription' },
    ['users', 'auditLog'],
  );

/** DELETE /api/admin/users/:id — the server refuses administrator accounts. */
export const useDeleteUser = () =>
  useAdminMutation(
    (userId: number) =>
      apiClient.delete(`/api/admin/users/${userId}`, { schema: MessageResponseSchema }),
    { errorTitle: 'Failed to delete user' },
    // A deleted user's redeemed codes lose their username.
    ['users', 'auditLog', 'codes'],
  );

/** POST /api/admin/premium-codes — `{ duration, expiryDays }` in days. */
export const useCreatePremiumCode = () =>
  useAdminMutation(
    (body: Pick<CreatePremiumCodeBody, 'duration' | 'expiryDays'>) =>
      apiClient.post('/api/admin/premium-codes', { body, schema: CreatePremiumCodeResponseSchema }),
    // The dialog shows the failure above its fields.
    { errorToast: false },
    ['codes', 'auditLog'],
  );

/** PUT /api/admin/premium-codes/:id/invalidate */
export const useInvalidatePremiumCode = () =>
  useAdminMutation(
    (codeId: number) =>
      apiClient.put(`/api/admin/premium-codes/${codeId}/invalidate`, {
        schema: MessageResponseSchema,
      }),
    { errorTitle: 'Failed to invalidate premium code' },
    ['codes', 'auditLog'],
  );

/** POST /api/admin/reset — a new strong password, returned this once; other admin sessions end. */
export const useResetAdminCredentials = () =>
  useAdminMutation(
    () => apiClient.post('/api/admin/reset', { schema: ResetAdminCredentialsResponseSchema }),
    { errorTitle: 'Failed to reset admin credentials' },
    ['auditLog'],
  );

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

/** POST /api/admin/backups — answers once the backup file is complete. */
export const useCreateBackup = () =>
  useAdminMutation(
    () => apiClient.post('/api/admin/backups', { schema: CreateBackupResponseSchema }),
    { errorTitle: 'Backup failed' },
    ['backups'],
  );

/** PUT /api/admin/support-requests/:id/done — idempotent; recorded in the audit log. */
export const useMarkSupportRequestDone = () =>
  useAdminMutation(
    (id: number) =>
      apiClient.put(`/api/admin/support-requests/${id}/done`, { schema: MessageResponseSchema }),
    { errorTitle: 'Failed to mark the support request done' },
    ['support', 'auditLog'],
  );
