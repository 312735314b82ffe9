import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { apiClient, ApiError } from '#client/lib/api-client.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import { userQueryOptions } from './api/get-user.ts';
import {
  sessionEndedSignInPath,
  sessionHasEnded,
  setSessionEnded,
  SESSION_ENDED_MESSAGE,
} from './session-ended.ts';
import { watchSessionEnd } from './watch-session-end.ts';

const admin: User = {
  id: 1,
  username: 'admin',
  email: null,
  isAdmin: true,
  isSubscribed: false,
  subscriptionExpiryDate: null,
  downloadCount: 0,
  emailVerified: false,
  googleOnly: false,
};

const unauthorized = () =>
  vi
    .fn<typeof fetch>()
    .mockImplementation(async () =>
      Response.json({ message: 'Please sign in to continue.' }, { status: 401 }),
    );

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a session that ends under a signed-in page', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    vi.unstubAllGlobals();
    setSessionEnded(false);
  });

  /** `GET /api/user` as the server answers it once the session is gone: 200 with no one. */
  const nobody = () => vi.fn<typeof fetch>().mockImplementation(async () => Response.json(null));

  it('says the session has ended when a refresh of the user finds no one signed in any more', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(userQueryOptions().queryKey, admin);
    stop = watchSessionEnd(queryClient);
    vi.stubGlobal('fetch', nobody());

    await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
    expect(queryClient.getQueryData(userQueryOptions().queryKey)).toBeNull();
    expect(sessionHasEnded()).toBe(true);
  });

  it('never tells a guest, or someone who signed out here, that their session ended', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(userQueryOptions().queryKey, null);
    stop = watchSessionEnd(queryClient);
    vi.stubGlobal('fetch', nobody());
    await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
    expect(sessionHasEnded()).toBe(false);

    // Signing out (or deleting the account) sets the user to null on purpose.
    queryClient.setQueryData(userQueryOptions().queryKey, admin);
    queryClient.setQueryData(userQueryOptions().queryKey, null);
    await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0 });
    expect(sessionHasEnded()).toBe(false);
  });

  it('refreshes the user whenever the window regains focus', () => {
    expect(userQueryOptions().refetchOnWindowFocus).toBe('always');
  });

  it('signs the page out and says so when a signed-in call gets 401', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(userQueryOptions().queryKey, admin);
    stop = watchSessionEnd(queryClient);
    vi.stubGlobal('fetch', unauthorized());

    const error = await failure(apiClient.post('/api/admin/grant-subscription', { body: {} }));
    expect(error.status).toBe(401);
    expect(error.message).toBe(SESSION_ENDED_MESSAGE);
    expect(queryClient.getQueryData(userQueryOptions().queryKey)).toBeNull();
  });

  it("leaves a visitor's 401 (a wrong password) as the server said it", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(userQueryOptions().queryKey, null);
    stop = watchSessionEnd(queryClient);
    vi.stubGlobal('fetch', unauthorized());

    const error = await failure(apiClient.post('/api/users/login', { body: {} }));
    expect(error.message).toBe('Please sign in to continue.');
  });

  it('sends administrators to /admin-login and everyone else to /auth, back to the same place', () => {
    expect(sessionEndedSignInPath({ pathname: '/admin', search: '?tab=codes' })).toBe(
      '/admin-login?redirect=%2Fadmin%3Ftab%3Dcodes&reason=session-ended',
    );
    expect(sessionEndedSignInPath({ pathname: '/dashboard', search: '' })).toBe(
      '/auth?redirect=%2Fdashboard&reason=session-ended',
    );
    expect(sessionEndedSignInPath({ pathname: '/administrator', search: '' })).toMatch(/^\/auth\?/);
  });
});
