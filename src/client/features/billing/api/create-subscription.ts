import { useMutation } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { CreateSubscriptionResponseSchema } from '#shared/billing/billing.schemas.ts';

/** Starts a Stripe Checkout Session for the session's user; answers the checkout page's `url`. */
export function useCreateSubscription() {
  return useMutation({
    mutationFn: (body: { isAnnual: boolean }) =>
      apiClient.post('/api/subscription/create', {
        body,
        schema: CreateSubscriptionResponseSchema,
      }),
    // useStartCheckout explains a failure (a server without payments is not an error).
    meta: { errorToast: false },
  });
}
