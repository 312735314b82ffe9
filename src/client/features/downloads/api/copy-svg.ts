import { apiClient } from '#client/lib/api-client.ts';
import { CopySvgResponseSchema } from '#shared/downloads/downloads.schemas.ts';

/**
 * A logo's SVG source for the clipboard. Copy SVG is Premium (docs/product.md#copy-svg): 401 for
 * guests, 403 for free users. No query or hook: the clipboard write has to start during the click
 * (Safari), so the copy hook hands this pending text to the clipboard itself.
 */
export async function copySvg(logoUrl: string): Promise<string> {
  const schema = CopySvgResponseSchema;
  const { svg } = await apiClient.post('/api/downloads/copy-svg', { body: { logoUrl }, schema });
  return svg;
}
