import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { DownloadHistoryResponseSchema } from '#shared/downloads/downloads.schemas.ts';

const HISTORY_PATH = '/api/user/downloads';

/** The signed-in user's downloads, newest first (the server caps the list). */
export function downloadHistoryQueryOptions() {
  return queryOptions({
    queryKey: [HISTORY_PATH] as const,
    queryFn: async ({ signal }) => {
      const schema = DownloadHistoryResponseSchema;
      return (await apiClient.get(HISTORY_PATH, { schema, signal })).history;
    },
  });
}

export function useDownloadHistory() {
  return useQuery(downloadHistoryQueryOptions());
}
