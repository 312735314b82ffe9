import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '#client/lib/api-client.ts';
import { ValidateResetTokenResponseSchema } from '#shared/accounts/accounts.schemas.ts';

type ResetTokenCheck = { valid: true } | { valid: false; message: string };

/** GET /api/users/validate-reset-token — a 400 is an answer ("this link is not valid"), not a failure. */
export async function validateResetToken(
  token: string,
  signal?: AbortSignal,
): Promise<ResetTokenCheck> {
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
}

function validateResetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/users/validate-reset-token', token] as const,
    queryFn: ({ signal }) => validateResetToken(token, signal),
    enabled: token.length > 0,
    // A link is checked once per visit; refocusing the tab must not flip a filled-in form away.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useValidateResetToken(token: string) {
  return useQuery(validateResetTokenQueryOptions(token));
}
