import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import {
  DownloadHistoryResponseSchema,
  type DownloadHistoryItem,
} from '#shared/downloads/downloads.schemas.ts';

const HISTORY_PATH = '/api/user/downloads';

/** The signed-in user's downloads, newest first (the server caps the list). */
async function getDownloadHistory(signal?: AbortSignal): Promise<DownloadHistoryItem[]> {
  const { history } = await apiClient.get(HISTORY_PATH, {
    schema: DownloadHistoryResponseSchema,
    signal,
  });
  return history;
}

export function downloadHistoryQueryOptions() {
  return queryOptions({
    queryKey: [HISTORY_PATH] as const,
    queryFn: ({ signal }) => getDownloadHistory(signal),
  });
}

export function useDownloadHistory() {
  return useQuery(downloadHistoryQueryOptions());
}
