import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  SubscriptionStatusResponseSchema,
  type SubscriptionStatusResponse,
} from '#shared/billing/billing.schemas.ts';

const STATUS_PATH = '/api/subscription/status';

/**
 * The current user's query key. It belongs to the accounts feature (`userQueryOptions` in
 * accounts/api/get-user.ts), which this feature may not import (features never import each
 * other), so it is repeated here. It is not an arbitrary array: spec 001 §3 fixes the current
 * user's cache key as '/api/user', and the header, the dashboard's 'Premium Account' badge and the
 * pricing page's 'Current Plan' read Premium from it. If the accounts key ever changes, change it
 * here too.
 */
export const currentUserQueryKey = ['/api/user'] as const;

/** The signed-in user's subscription as the server sees it (the dashboard's Subscription tab). */
export function getSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionStatusResponse> {
  return apiClient.get(STATUS_PATH, { schema: SubscriptionStatusResponseSchema, signal });
}

export function subscriptionStatusQueryOptions() {
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
