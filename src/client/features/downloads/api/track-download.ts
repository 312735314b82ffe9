import type { QueryClient } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { checkLimitQueryKeyRoot } from './check-limit.ts';
import { downloadHistoryQueryOptions } from './get-download-history.ts';
import {
  TrackDownloadResponseSchema,
  type TrackDownloadBody,
  type TrackDownloadResponse,
} from '#shared/downloads/downloads.schemas.ts';

const TRACK_PATH = '/api/downloads/track';

/**
 * The current user's query key, `['/api/user']`, repeated from accounts/api/get-user.ts because
 * features never import each other; refreshed after every download for the dashboard's count.
 * Keep the two in step.
 */
export const currentUserQueryKey = ['/api/user'] as const;

/**
 * Records one download and counts it against the caller's allowance, atomically on the server.
 * Rejects with an ApiError: 403 when the limit is reached (`data` is `{ message, downloadCount,
 * limit }`), anything else when tracking failed.
 */
export function trackDownload(body: TrackDownloadBody): Promise<TrackDownloadResponse> {
  return apiClient.post(TRACK_PATH, { body, schema: TrackDownloadResponseSchema });
}

/**
 * After any download attempt (single, again from the history, a batch): the allowance, the
 * history and the user's count may all have changed, whether it succeeded or was refused.
 */
export function invalidateDownloadQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: checkLimitQueryKeyRoot }),
    queryClient.invalidateQueries({ queryKey: downloadHistoryQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]).then(() => undefined);
}
