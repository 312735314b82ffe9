import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { AdminUsersResponseSchema } from '#shared/admin/admin.schemas.ts';

/** Every users query starts with this key, whatever the search; mutations invalidate by it. */
export const adminUsersKey = ['/api/admin/users'] as const;

/** GET /api/admin/users[?search=] — the server matches the name or the email. */
export async function getAdminUsers(search: string, signal?: AbortSignal) {
  const { users } = await apiClient.get('/api/admin/users', {
    query: { search: search.trim() || undefined },
    schema: AdminUsersResponseSchema,
    signal,
  });
  return users;
}

export function adminUsersQueryOptions(search = '') {
  return queryOptions({
    queryKey: [...adminUsersKey, { search: search.trim() }] as const,
    queryFn: ({ signal }) => getAdminUsers(search, signal),
    // A new search keeps the last list on screen until its answer arrives, instead of flashing.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(search: string) {
  return useQuery(adminUsersQueryOptions(search));
}
