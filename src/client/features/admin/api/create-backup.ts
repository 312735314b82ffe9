import { apiClient } from '#client/lib/api-client.ts';
import { CreateBackupResponseSchema } from '#shared/admin/backups.schemas.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** POST /api/admin/backups — answers once the backup file is complete. */
export const useCreateBackup = () =>
  useAdminMutation(
    () => apiClient.post('/api/admin/backups', { schema: CreateBackupResponseSchema }),
    { errorTitle: 'Backup failed' },
    ['backups'],
  );
