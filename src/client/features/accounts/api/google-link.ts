import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '#client/lib/api-client.ts';
import {
  GoogleLinkPendingSchema,
  GoogleLinkResponseSchema,
} from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './get-user.ts';

const pendingKey = ['/api/auth/google/link'] as const;

/**
 * GET /api/auth/google/link — the email of the account a refused Google sign-in may be linked to,
 * or null when there is none (it expired after ten minutes, or was used).
 */
export function useGoogleLinkPending(enabled: boolean) {
  return useQuery({
    queryKey: pendingKey,
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.get('/api/auth/google/link', {
          schema: GoogleLinkPendingSchema,
          signal,
        });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/auth/google/link — the account's password links the Google account and signs in. */
export function useLinkGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiClient.post('/api/auth/google/link', {
        body: { password },
        schema: GoogleLinkResponseSchema,
      }),
    // The refusal shows under the password field.
    meta: { errorToast: false },
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userQueryOptions().queryKey, user);
      queryClient.removeQueries({ queryKey: pendingKey });
    },
  });
}
