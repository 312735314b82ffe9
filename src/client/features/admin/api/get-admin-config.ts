import { useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { AdminConfigResponseSchema } from '#shared/admin/admin.schemas.ts';

/** GET /api/admin/config — which optional tools this server offers. */
export const useAdminConfig = () =>
  useQuery({
    queryKey: ['/api/admin/config'] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/config', { schema: AdminConfigResponseSchema, signal }),
    // Fixed when the server starts.
    staleTime: Infinity,
  });
