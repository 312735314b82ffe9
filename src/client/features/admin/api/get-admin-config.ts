import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { AdminConfigResponseSchema } from '#shared/admin/admin.schemas.ts';

/** GET /api/admin/config — which optional tools this server offers. */
function getAdminConfig(signal?: AbortSignal) {
  return apiClient.get('/api/admin/config', { schema: AdminConfigResponseSchema, signal });
}

function adminConfigQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/config'] as const,
    queryFn: ({ signal }) => getAdminConfig(signal),
    // Fixed when the server starts.
    staleTime: Infinity,
  });
}

export function useAdminConfig() {
  return useQuery(adminConfigQueryOptions());
}
