/**
 * What /auth says when the Google redirect flow comes back (`?error=` or `?signed-in=google`):
 * docs/product.md#google-sign-in-and-linking. Sign-in is a full-page redirect, never a popup.
 */
export const GOOGLE_SIGNED_IN_TITLE = 'Signed in with Google';
export const GOOGLE_SIGNED_IN_PARAM = 'signed-in';

export const GOOGLE_SIGN_IN_ERROR_TITLE = 'Login failed';

const GOOGLE_ERRORS: Record<string, string> = {
  'google-cancelled': 'Google sign-in was cancelled. Please try again.',
  'google-expired': 'Your Google sign-in has expired. Please choose Continue with Google again.',
  'google-email-unverified':
    'Your Google account’s email address is not verified yet. Verify it with Google and try again, or sign up with your email below.',
  'google-email-in-use':
    'This email address belongs to an account that is linked to a different Google account. Sign in with that account instead, or with its username and password.',
  'google-not-configured': 'Google sign-in is not configured on this server.',
};

/** The message for the `?error=` code the sign-in callback sends the browser back with. */
export const googleSignInErrorMessage = (code: string): string =>
  GOOGLE_ERRORS[code] ?? 'An error occurred during Google login. Please try again.';
