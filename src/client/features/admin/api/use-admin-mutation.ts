import { useMutation, useQueryClient, type Register } from '@tanstack/react-query';
import { adminUsersKey } from './get-admin-users.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';
import { backupsQueryOptions } from './get-backups.ts';
import { premiumCodesQueryOptions } from './get-premium-codes.ts';

const LISTS = {
  users: adminUsersKey,
  codes: premiumCodesQueryOptions().queryKey,
  auditLog: auditLogQueryOptions().queryKey,
  backups: backupsQueryOptions().queryKey,
};

/** An administrator's write: the lists it changes are read again however it ends. */
export function useAdminMutation<TData, TVariables = void>(
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
