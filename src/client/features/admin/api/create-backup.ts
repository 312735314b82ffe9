import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { CreateBackupResponseSchema } from '#shared/admin/backups.schemas.ts';
import { backupsQueryOptions } from './get-backups.ts';

/** POST /api/admin/backups — answers once the backup file is complete. */
function createBackup() {
  return apiClient.post('/api/admin/backups', { schema: CreateBackupResponseSchema });
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    meta: { errorTitle: 'Backup failed' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsQueryOptions().queryKey }),
  });
}
