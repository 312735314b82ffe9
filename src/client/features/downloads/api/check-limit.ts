import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  CheckLimitResponseSchema,
  type CheckLimitResponse,
} from '#shared/downloads/downloads.schemas.ts';

const CHECK_LIMIT_PATH = '/api/downloads/check-limit';

/**
 * Every check-limit query starts with this key; invalidating it refreshes them all (with and
 * without a logo) after a download.
 */
export const checkLimitQueryKeyRoot = [CHECK_LIMIT_PATH] as const;

/**
 * The caller's allowance (signed-in users and guests alike: guests are counted against their
 * anonymous session on the server). With `logoUrl`, the answer also says whether that logo was
 * already downloaded in the period, so downloading it again would not count.
 */
function getCheckLimit(
  { logoUrl }: { logoUrl?: string } = {},
  signal?: AbortSignal,
): Promise<CheckLimitResponse> {
  return apiClient.get(CHECK_LIMIT_PATH, {
    query: { logoUrl },
    schema: CheckLimitResponseSchema,
    signal,
  });
}

function checkLimitQueryOptions({ logoUrl }: { logoUrl?: string } = {}) {
  return queryOptions({
    queryKey: [...checkLimitQueryKeyRoot, { logoUrl: logoUrl ?? null }] as const,
    queryFn: ({ signal }) => getCheckLimit({ logoUrl }, signal),
  });
}

export function useCheckLimit(options: { logoUrl?: string; enabled?: boolean } = {}) {
  return useQuery({
    ...checkLimitQueryOptions({ logoUrl: options.logoUrl }),
    enabled: options.enabled ?? true,
  });
}
