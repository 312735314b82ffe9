import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  SubscriptionStatusResponseSchema,
  type SubscriptionStatusResponse,
} from '#shared/billing/billing.schemas.ts';

const STATUS_PATH = '/api/subscription/status';

/** The current user's key (accounts' `userQueryOptions`; features never import each other). */
export const currentUserQueryKey = ['/api/user'] as const;

/** The signed-in user's subscription as the server sees it (the dashboard's Subscription tab). */
function getSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatusResponse> {
  return apiClient.get(STATUS_PATH, { schema: SubscriptionStatusResponseSchema, signal });
}

function subscriptionStatusQueryOptions() {
  return queryOptions({
    queryKey: [STATUS_PATH] as const,
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
  });
}

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQueryOptions());
}

/**
 * After anything that may change the plan (a verified checkout, a cancellation, a redeemed code):
 * the subscription view and the user record (isSubscribed, the expiry) both refresh.
 */
export function invalidateSubscriptionQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]).then(() => undefined);
}
