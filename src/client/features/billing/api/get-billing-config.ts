import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { BillingConfigResponseSchema } from '#shared/billing/billing.schemas.ts';

/** Whether this server takes payments (it has Stripe keys); 'Upgrade Now' explains when it does not. */
export const billingConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/subscription/config'] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/subscription/config', { schema: BillingConfigResponseSchema, signal }),
    // Server configuration: it changes only with a restart, so one answer per visit is enough.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useBillingConfig = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...billingConfigQueryOptions(), enabled });
