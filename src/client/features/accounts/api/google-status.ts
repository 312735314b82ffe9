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

const GOOGLE_ERRORS = new Map([
  ['google-cancelled', 'The authentication popup request was cancelled. Please try again.'],
  ['google-not-configured', 'Google sign-in is not configured on this server.'],
  [
    'google-email-in-use',
    'This email address belongs to an account that is linked to a different Google account. Sign in with that account instead, or with its username and password.',
  ],
]);

/** The message shown for the `?error=` code the sign-in callback sends the browser back with. */
export const googleSignInErrorMessage = (code: string): string =>
  GOOGLE_ERRORS.get(code) ?? 'An error occurred during Google login. Please try again.';
