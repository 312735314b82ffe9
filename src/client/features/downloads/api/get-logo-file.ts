import { apiClient } from '#client/lib/api-client.ts';
import { FILES_PATH, type FilesQuery } from '#shared/files/files.schemas.ts';

/*
 * The one way the browser reads a logo file: through our proxy, never straight from Wikimedia (the
 * Content-Security-Policy lets pages show upload.wikimedia.org images, not read them), and the
 * proxy names downloads and enforces limits.
 */
export function getLogoFile(
  url: string,
  options: { download?: boolean; signal?: AbortSignal } = {},
): Promise<Blob> {
  const query: FilesQuery = { url, download: options.download ? '1' : undefined };
  return apiClient.getBlob(FILES_PATH, { query, signal: options.signal });
}
