import { describe, expect, it } from 'vitest';
import { googleSignInErrorMessage } from './google-sign-in-messages.ts';

describe('Google sign-in messages after the redirect flow', () => {
  it('words each way the flow can end, never as a popup', () => {
    const codes = [
      'google-cancelled',
      'google-expired',
      'google-email-unverified',
      'google-email-in-use',
      'google-not-configured',
      'google-failed',
      'something-new',
    ];
    for (const code of codes) expect(googleSignInErrorMessage(code)).not.toMatch(/popup/i);
    expect(googleSignInErrorMessage('google-cancelled')).toBe(
      'Google sign-in was cancelled. Please try again.',
    );
    expect(googleSignInErrorMessage('google-expired')).toBe(
      'Your Google sign-in has expired. Please choose Continue with Google again.',
    );
    expect(googleSignInErrorMessage('google-email-unverified')).toMatch(/not verified/);
    expect(googleSignInErrorMessage('google-failed')).toBe(
      'An error occurred during Google login. Please try again.',
    );
  });
});
