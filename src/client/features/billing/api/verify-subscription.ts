import { useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { VerifySubscriptionResponseSchema } from '#shared/billing/billing.schemas.ts';
import { invalidateSubscriptionQueries } from './get-subscription-status.ts';

/**
 * Asks the server to check a Checkout Session with Stripe (it must be the signed-in user's and
 * paid) and activate Premium. Idempotent on the server, so a reload of the success page is safe.
 */
export function useVerifySubscription(sessionId: string) {
  return useQuery({
    queryKey: ['/api/subscription/verify', { sessionId }] as const,
    queryFn: async ({ signal, client }) => {
      const result = await apiClient.get('/api/subscription/verify', {
        query: { session_id: sessionId },
        schema: VerifySubscriptionResponseSchema,
        signal,
      });
      // Premium may have just started: the header, the dashboard and the pricing page follow.
      void invalidateSubscriptionQueries(client);
      return result;
    },
    enabled: Boolean(sessionId),
    // One verification per visit: a session's answer does not change, and refetching on focus
    // would only repeat the toast-worthy work.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
