import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { SubscriptionStatusResponseSchema } from '#shared/billing/billing.schemas.ts';

/** The current user's key (accounts' `userQueryOptions`; features never import each other). */
const currentUserQueryKey = ['/api/user'] as const;

/** The signed-in user's subscription as the server sees it (the dashboard's Subscription tab). */
const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/subscription/status'] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/subscription/status', {
        schema: SubscriptionStatusResponseSchema,
        signal,
      }),
  });

export const useSubscriptionStatus = () => useQuery(subscriptionStatusQueryOptions());

/**
 * After anything that may change the plan (a verified checkout, a cancellation, a redeemed code):
 * the subscription view and the user record (isSubscribed, the expiry) both refresh.
 */
export async function invalidateSubscriptionQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [subscriptionStatusQueryOptions().queryKey, currentUserQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
