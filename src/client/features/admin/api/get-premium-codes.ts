import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { PremiumCodesResponseSchema } from '#shared/premium-codes/premium-codes.schemas.ts';

export const premiumCodesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/premium-codes'] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/premium-codes', { schema: PremiumCodesResponseSchema, signal }),
  });

export const usePremiumCodes = () => useQuery(premiumCodesQueryOptions());
