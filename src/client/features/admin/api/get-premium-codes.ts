import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { PremiumCodesResponseSchema } from '#shared/admin/admin.schemas.ts';

/** GET /api/admin/premium-codes */
function getPremiumCodes(signal?: AbortSignal) {
  return apiClient.get('/api/admin/premium-codes', { schema: PremiumCodesResponseSchema, signal });
}

export function premiumCodesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/premium-codes'] as const,
    queryFn: ({ signal }) => getPremiumCodes(signal),
  });
}

export function usePremiumCodes() {
  return useQuery(premiumCodesQueryOptions());
}
