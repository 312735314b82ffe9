import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '#client/lib/api-client.ts';
import {
  GoogleLinkPendingSchema,
  GoogleLinkResponseSchema,
  GoogleStatusSchema,
  MessageResponseSchema,
  UpdateUsernameResponseSchema,
  UserSchema,
  ValidateResetTokenResponseSchema,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type LoginBody,
  type RegisterBody,
  type User,
} from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './get-user.ts';
import { logoutMutationKey } from './logout.ts';

// The account endpoints behind forms and links; the current user and logout load lazily from their
// own files (get-user.ts, logout.ts) because every page's header needs them.

/** A mutation that signs a user in: every reader of the current user sees them at once. */
function useSignInMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<User>,
  errorTitle: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorTitle },
    onSuccess: (user) => queryClient.setQueryData(userQueryOptions().queryKey, user),
  });
}

/** POST /api/users/login — `username` may also be the account's email. Starts a server session. */
export const useLogin = () =>
  useSignInMutation(
    (body: LoginBody) => apiClient.post('/api/users/login', { body, schema: UserSchema }),
    'Login failed',
  );

/** POST /api/users/register — creates the account and signs it in (201 with the user). */
export const useRegister = () =>
  useSignInMutation(
    (body: RegisterBody) => apiClient.post('/api/users/register', { body, schema: UserSchema }),
    'Sign-up failed',
  );

/** PUT /api/user/update-username-direct — the server takes the user from the session. */
export function useUpdateUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newUsername: string) =>
      apiClient.put('/api/user/update-username-direct', {
        body: { newUsername },
        schema: UpdateUsernameResponseSchema,
        headers: { 'Cache-Control': 'no-cache' },
      }),
    meta: { errorTitle: 'Update Failed' },
    onSuccess: ({ user }) => {
      // The header and the dashboard show the new name at once.
      queryClient.setQueryData(userQueryOptions().queryKey, user);
      return queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey });
    },
  });
}

/** POST /api/users/request-reset — answers the same whether or not the address has an account. */
export const useRequestReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiClient.post('/api/users/request-reset', {
        body: { email },
        schema: MessageResponseSchema,
      }),
    meta: { errorTitle: 'Password Reset Failed' },
  });

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

/** POST /api/users/reset-password — sets the new password; the token is single-use. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      apiClient.post('/api/users/reset-password', { body, schema: MessageResponseSchema }),
    meta: { errorTitle: 'Password Reset Failed' },
  });

/** POST /api/user/verification-email — a new link to the signed-in user's email (once a minute). */
export const useResendVerification = () =>
  useMutation({
    mutationFn: () =>
      apiClient.post('/api/user/verification-email', { schema: MessageResponseSchema }),
    meta: { errorTitle: 'Verification email not sent' },
  });

/** POST /api/auth/verify-email — the token from the link emailed at sign-up; works once. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    // `email` comes with the link that confirms a new address ('Change email').
    mutationFn: ({ token, email }: { token: string; email?: string | undefined }) =>
      apiClient.post('/api/auth/verify-email', {
        body: email === undefined ? { token } : { token, email },
        schema: MessageResponseSchema,
      }),
    // The page shows the refusal.
    meta: { errorToast: false },
    // The Account tab, if this browser is signed in, shows 'Verified' from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}

const googleLinkKey = ['/api/auth/google/link'] as const;

/**
 * GET /api/auth/google/link — the email of the account a refused Google sign-in may be linked to,
 * or null when there is none (it expired after ten minutes, or was used).
 */
export const useGoogleLinkPending = () =>
  useQuery({
    queryKey: googleLinkKey,
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
    retry: false,
    refetchOnWindowFocus: false,
  });

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
      queryClient.removeQueries({ queryKey: googleLinkKey });
    },
  });
}

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

/** GET /api/user/export — the file the 'Export my data' link downloads. */
export const ACCOUNT_EXPORT_URL = '/api/user/export';

/**
 * POST /api/user/password — the account's other sessions end; this one stays. Without
 * `currentPassword` a Google-only account sets its first password, so the user is read again.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiClient.post('/api/user/password', { body, schema: MessageResponseSchema }),
    // The dialog shows the refusal beside the fields.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}

/** POST /api/user/email — a link goes to the new address; the account changes when it is opened. */
export const useChangeEmail = () =>
  useMutation({
    mutationFn: (body: ChangeEmailBody) =>
      apiClient.post('/api/user/email', { body, schema: MessageResponseSchema }),
    meta: { errorToast: false },
  });

/**
 * DELETE /api/user — 204; the account and every session are gone. It ends the session on purpose,
 * like logging out, and shares the logout's key: the protected page waits for `onDeleted` to leave
 * instead of sending the visitor to sign in.
 */
export function useDeleteAccount(options: { onDeleted: () => Promise<void> | void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: logoutMutationKey,
    mutationFn: (body: DeleteAccountBody) => apiClient.delete('/api/user', { body }),
    meta: { errorToast: false },
    onSuccess: async () => {
      queryClient.setQueryData(userQueryOptions().queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/user' });
      await options.onDeleted();
    },
  });
}
