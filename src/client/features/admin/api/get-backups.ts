import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { BackupsResponseSchema } from '#shared/admin/backups.schemas.ts';

/** GET /api/admin/backups — newest first, with the schedule. */
function getBackups(signal?: AbortSignal) {
  return apiClient.get('/api/admin/backups', { schema: BackupsResponseSchema, signal });
}

export function backupsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/backups'] as const,
    queryFn: ({ signal }) => getBackups(signal),
  });
}

export function useBackups() {
  return useQuery(backupsQueryOptions());
}
