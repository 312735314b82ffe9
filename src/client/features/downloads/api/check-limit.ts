import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { CheckLimitResponseSchema } from '#shared/downloads/downloads.schemas.ts';

const CHECK_LIMIT_PATH = '/api/downloads/check-limit';

/** Every check-limit query's key starts with this: invalidating it refreshes them all. */
export const checkLimitQueryKeyRoot = [CHECK_LIMIT_PATH] as const;

/**
 * The caller's allowance (guests are counted against their anonymous session). With `logoUrl` it
 * also says whether that logo was already downloaded in the period, so it would not count again.
 * It also says whether the caller is Premium (raster copies ask it, see use-copy-svg.ts).
 */
export function checkLimitQueryOptions({ logoUrl }: { logoUrl?: string } = {}) {
  return queryOptions({
    queryKey: [...checkLimitQueryKeyRoot, { logoUrl: logoUrl ?? null }] as const,
    queryFn: ({ signal }) =>
      apiClient.get(CHECK_LIMIT_PATH, {
        query: { logoUrl },
        schema: CheckLimitResponseSchema,
        signal,
      }),
  });
}

export function useCheckLimit(options: { logoUrl?: string } = {}) {
  return useQuery(checkLimitQueryOptions(options));
}
