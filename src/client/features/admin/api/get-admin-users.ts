import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { AdminUsersResponseSchema } from '#shared/admin/admin.schemas.ts';

/** Every users query starts with this key, whatever the search or page; mutations invalidate by it. */
export const adminUsersKey = ['/api/admin/users'] as const;

/** GET /api/admin/users?page=&search= — the server matches name or email and sets the page size. */
export const useAdminUsers = ({ search, page }: { search: string; page: number }) =>
  useQuery({
    queryKey: [...adminUsersKey, { search: search.trim(), page }] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/users', {
        query: { search: search.trim() || undefined, page: page > 1 ? page : undefined },
        schema: AdminUsersResponseSchema,
        signal,
      }),
    // A new search or page keeps the last list on screen until its answer arrives, instead of
    // flashing a skeleton.
    placeholderData: keepPreviousData,
  });
