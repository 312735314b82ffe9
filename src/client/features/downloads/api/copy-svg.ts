import { apiClient } from '#client/lib/api-client.ts';
import { CopySvgResponseSchema } from '#shared/downloads/downloads.schemas.ts';

const COPY_SVG_PATH = '/api/downloads/copy-svg';

/**
 * A logo's SVG source for the clipboard. Direct SVG copy is Premium (docs/product.md#copy-svg), so the
 * server decides: 401 for guests, 403 for signed-in free users, `{ svg }` for Premium.
 *
 * No query or hook: the clipboard write has to start during the click (Safari), so the copy hook
 * calls this fetcher itself and hands the pending text to the clipboard.
 */
export async function copySvg(logoUrl: string, signal?: AbortSignal): Promise<string> {
  const { svg } = await apiClient.post(COPY_SVG_PATH, {
    body: { logoUrl },
    schema: CopySvgResponseSchema,
    signal,
  });
  return svg;
}
