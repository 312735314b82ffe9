import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { checkLimitQueryKeyRoot } from './check-limit.ts';
import { downloadHistoryQueryOptions } from './get-download-history.ts';
import {
  TrackDownloadResponseSchema,
  type TrackDownloadBody,
} from '#shared/downloads/downloads.schemas.ts';

/**
 * The current user's query key, repeated from accounts/api/get-user.ts because features never
 * import each other (keep the two in step): the dashboard's count changes with every download.
 */
const currentUserQueryKey = ['/api/user'] as const;

/** Records one download and counts it, atomically on the server; a 403 says the limit is reached. */
export function trackDownload(body: TrackDownloadBody) {
  return apiClient.post('/api/downloads/track', { body, schema: TrackDownloadResponseSchema });
}

/** After any download attempt, refused or not: the allowance, history and user's count may change. */
export function invalidateDownloadQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: checkLimitQueryKeyRoot }),
    queryClient.invalidateQueries({ queryKey: downloadHistoryQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]).then(() => undefined);
}
