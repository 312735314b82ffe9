import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  BillingConfigResponseSchema,
  type BillingConfigResponse,
} from '#shared/billing/billing.schemas.ts';

const CONFIG_PATH = '/api/subscription/config';

/** Whether this server takes payments (it has Stripe keys); 'Upgrade Now' explains when it does not. */
function getBillingConfig(signal?: AbortSignal): Promise<BillingConfigResponse> {
  return apiClient.get(CONFIG_PATH, { schema: BillingConfigResponseSchema, signal });
}

export function billingConfigQueryOptions() {
  return queryOptions({
    queryKey: [CONFIG_PATH] as const,
    queryFn: ({ signal }) => getBillingConfig(signal),
    // Server configuration: it changes only with a restart, so one answer per visit is enough.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useBillingConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...billingConfigQueryOptions(), enabled });
}
