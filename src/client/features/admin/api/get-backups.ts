import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { BackupsResponseSchema } from '#shared/admin/backups.schemas.ts';

/** GET /api/admin/backups — newest first, with the schedule. */
export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/backups'] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/backups', { schema: BackupsResponseSchema, signal }),
  });

export const useBackups = () => useQuery(backupsQueryOptions());
