import { apiClient } from '#client/lib/api-client.ts';

/*
 * Logo bytes always come through WikiLogos' own proxy, never straight from Wikimedia: the page's
 * Content-Security-Policy lets images load from upload.wikimedia.org but not scripts read them,
 * and the proxy can answer with a download name and enforce limits. GET /api/files?url=…
 * (`&download=1` for an attachment).
 */
const FILES_PATH = '/api/files';

export function getLogoFile(
  url: string,
  options: { download?: boolean; signal?: AbortSignal } = {},
): Promise<Blob> {
  return apiClient.getBlob(FILES_PATH, {
    query: { url, download: options.download ? 1 : undefined },
    signal: options.signal,
  });
}

/** An SVG logo's source code, for copying into vector programs. */
export function getLogoSvgSource(url: string, signal?: AbortSignal): Promise<string> {
  return apiClient.getText(FILES_PATH, { query: { url }, signal });
}
