import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { invalidateSubscriptionQueries } from './get-subscription-status.ts';
import {
  RedeemCodeResponseSchema,
  type RedeemCodeResponse,
} from '#shared/premium-codes/premium-codes.schemas.ts';

/** Redeems a one-time premium access code for the signed-in user; answers the end of Premium. */
function redeemPremiumCode(code: string): Promise<RedeemCodeResponse> {
  return apiClient.post('/api/redeem-premium-code', {
    body: { code },
    schema: RedeemCodeResponseSchema,
  });
}

export function useRedeemPremiumCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemPremiumCode,
    meta: { errorTitle: 'Code Redemption Failed' },
    onSuccess: () => invalidateSubscriptionQueries(queryClient),
  });
}
