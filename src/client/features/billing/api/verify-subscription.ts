import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { invalidateSubscriptionQueries } from './get-subscription-status.ts';
import {
  VerifySubscriptionResponseSchema,
  type VerifySubscriptionResponse,
} from '#shared/billing/billing.schemas.ts';

const VERIFY_PATH = '/api/subscription/verify';

/**
 * Asks the server to check a Checkout Session with Stripe (it must be the signed-in user's and
 * paid) and activate Premium. Idempotent on the server, so a reload of the success page is safe.
 */
function verifySubscription(
  sessionId: string,
  signal?: AbortSignal,
): Promise<VerifySubscriptionResponse> {
  return apiClient.get(VERIFY_PATH, {
    query: { session_id: sessionId },
    schema: VerifySubscriptionResponseSchema,
    signal,
  });
}

function verifySubscriptionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: [VERIFY_PATH, { sessionId }] as const,
    queryFn: async ({ signal, client }) => {
      const result = await verifySubscription(sessionId, signal);
      // Premium may have just started: the header, the dashboard and the pricing page follow.
      void invalidateSubscriptionQueries(client);
      return result;
    },
    // One verification per visit: a session's answer does not change, and refetching on focus
    // would only repeat the toast-worthy work.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useVerifySubscription(sessionId: string | null) {
  return useQuery({
    ...verifySubscriptionQueryOptions(sessionId ?? ''),
    enabled: Boolean(sessionId),
  });
}
