import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/accounts/accounts.schemas.ts';

/**
 * The signed-in user from the server session — the only source of identity and role (never browser
 * storage). The server answers a visitor 200 with null (no 401 in the console); a 401 from an older
 * server still reads as signed out.
 *
 * The header asks for this on every page, the home page included, whose first load is kept small:
 * the API client and the zod schema load with the request instead of with the page.
 */
async function getUser(signal?: AbortSignal): Promise<User | null> {
  const [{ apiClient, isApiError }, { CurrentUserResponseSchema }] = await Promise.all([
    import('#client/lib/api-client.ts'),
    import('#shared/accounts/accounts.schemas.ts'),
  ]);
  try {
    return await apiClient.get('/api/user', { schema: CurrentUserResponseSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

const USER_FRESH_MS = 10_000;

export function userQueryOptions() {
  return queryOptions({
    // Billing refreshes the current user by this key too (get-subscription-status.ts).
    queryKey: ['/api/user'] as const,
    queryFn: ({ signal }) => getUser(signal),
    // The server renders each page with this answer (entry-server.tsx): it is current when the page
    // arrives, so the page does not ask again at once; later visits refresh it.
    staleTime: USER_FRESH_MS,
    // Coming back to the tab always asks again: a session ended elsewhere shows at once
    // (docs/product.md#sessions).
    refetchOnWindowFocus: 'always',
  });
}

export function useUser() {
  return useQuery(userQueryOptions());
}
