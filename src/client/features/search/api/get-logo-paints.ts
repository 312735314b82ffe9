import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#client/lib/api-client.ts';
import { svgPaints, type Paint } from '../contrast.ts';

/**
 * The colours an SVG logo paints, for the contrast warning of its preview (issue 8, item 3). The
 * source comes through WikiLogos' file proxy (the page may not read Wikimedia's files itself); the
 * cache keeps the short list of paints rather than the file, which can run to megabytes.
 */
export async function getLogoPaints(url: string, signal?: AbortSignal): Promise<Paint[]> {
  return svgPaints(await apiClient.getText('/api/files', { query: { url }, signal }));
}

export function logoPaintsQueryOptions(url: string) {
  return queryOptions({
    queryKey: ['search', 'logo-paints', url] as const,
    queryFn: ({ signal }) => getLogoPaints(url, signal),
    // A file's colours do not change; a failed fetch just means no warning.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useLogoPaints(url: string, options: { enabled: boolean }) {
  return useQuery({ ...logoPaintsQueryOptions(url), enabled: options.enabled });
}
