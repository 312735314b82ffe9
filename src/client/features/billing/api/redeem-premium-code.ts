import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { RedeemCodeResponseSchema } from '#shared/premium-codes/premium-codes.schemas.ts';
import { invalidateSubscriptionQueries } from './get-subscription-status.ts';

/** Redeems a one-time premium access code for the signed-in user; answers the end of Premium. */
export function useRedeemPremiumCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiClient.post('/api/redeem-premium-code', {
        body: { code },
        schema: RedeemCodeResponseSchema,
      }),
    meta: { errorTitle: 'Code Redemption Failed' },
    onSuccess: () => invalidateSubscriptionQueries(queryClient),
  });
}
