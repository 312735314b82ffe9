import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { CancelSubscriptionResponseSchema } from '#shared/billing/billing.schemas.ts';
import { invalidateSubscriptionQueries } from './get-subscription-status.ts';

/** Sets the signed-in user's Stripe subscription to end at the period end; access continues until `endDate`. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post('/api/subscription/cancel', {
        body: {},
        schema: CancelSubscriptionResponseSchema,
      }),
    meta: { errorTitle: 'Error' },
    // Refreshed whatever happened: a refusal may mean the subscription changed elsewhere.
    onSettled: () => invalidateSubscriptionQueries(queryClient),
  });
}
