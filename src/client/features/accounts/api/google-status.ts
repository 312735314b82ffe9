import { useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { GoogleStatusSchema } from '#shared/accounts/accounts.schemas.ts';

/** GET /api/auth/google/status — whether 'Continue with Google' can work on this server. */
export function useGoogleStatus() {
  return useQuery({
    queryKey: ['/api/auth/google/status'] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/auth/google/status', { schema: GoogleStatusSchema, signal }),
    staleTime: Infinity,
    retry: false,
  });
}

/** The message shown for the `?error=` code the sign-in callback sends the browser back with. */
export function googleSignInErrorMessage(code: string): string {
  switch (code) {
    case 'google-cancelled':
      return 'The authentication popup request was cancelled. Please try again.';
    case 'google-not-configured':
      return 'Google sign-in is not configured on this server.';
    case 'google-email-in-use':
      return 'This email address belongs to an account that is linked to a different Google account. Sign in with that account instead, or with its username and password.';
    default:
      return 'An error occurred during Google login. Please try again.';
  }
}
