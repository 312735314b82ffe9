import { useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '#client/lib/api-client.ts';
import { ValidateResetTokenResponseSchema } from '#shared/accounts/accounts.schemas.ts';

type ResetTokenCheck = { valid: true } | { valid: false; message: string };

/** GET /api/users/validate-reset-token — a 400 is an answer ("this link is not valid"), not a failure. */
export const useValidateResetToken = (token: string) =>
  useQuery({
    queryKey: ['/api/users/validate-reset-token', token] as const,
    queryFn: async ({ signal }): Promise<ResetTokenCheck> => {
      try {
        return await apiClient.get('/api/users/validate-reset-token', {
          query: { token },
          schema: ValidateResetTokenResponseSchema,
          signal,
        });
      } catch (error) {
        if (isApiError(error) && error.status >= 400 && error.status < 500) {
          return { valid: false, message: error.message };
        }
        throw error;
      }
    },
    enabled: token.length > 0,
    // A link is checked once per visit; refocusing the tab must not flip a filled-in form away.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
