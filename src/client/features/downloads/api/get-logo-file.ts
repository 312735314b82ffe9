import { apiClient } from '#client/lib/api-client.ts';
import { FILES_PATH, type FilesQuery } from '#shared/files/files.schemas.ts';

/*
 * The one way the browser reads a logo file. Bytes always come through WikiLogos' own proxy, never
 * straight from Wikimedia: the page's Content-Security-Policy lets images load from
 * upload.wikimedia.org but not scripts read them, and the proxy names downloads and enforces
 * limits. An SVG's source is `(await getLogoFile(url)).text()`.
 */
export function getLogoFile(
  url: string,
  options: { download?: boolean; signal?: AbortSignal } = {},
): Promise<Blob> {
  const query: FilesQuery = { url, download: options.download ? '1' : undefined };
  return apiClient.getBlob(FILES_PATH, { query, signal: options.signal });
}
