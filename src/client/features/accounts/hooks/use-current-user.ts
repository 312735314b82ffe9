import { useUser } from '../api/get-user.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';

interface CurrentUser {
  /** The signed-in user, or null when signed out (or when the session could not be checked). */
  user: User | null;
  /** True only on the first check; a background refresh keeps showing the last answer. */
  isLoading: boolean;
}

/** Who is signed in, according to the server session (`GET /api/user`). */
export function useCurrentUser(): CurrentUser {
  const { data, isPending } = useUser();
  // A failed background refresh keeps the last answer (a network blip must not sign anyone out);
  // a first check that fails counts as signed out — the server decides access anyway.
  if (data !== undefined) return { user: data, isLoading: false };
  return { user: null, isLoading: isPending };
}
