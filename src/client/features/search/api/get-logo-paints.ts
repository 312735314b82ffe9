import { useQuery } from '@tanstack/react-query';
import { FILES_PATH } from '#shared/files/files.schemas.ts';
import { pixelPaints, type Paint } from '../contrast.ts';

/** The canvas the logo is drawn on: shares of paint do not need more pixels than this. */
const SIDE = 64;

/**
 * The colours an SVG logo paints, from the browser's drawing of it. Through the same-origin file
 * proxy the canvas may be read; as an image it runs no scripts and loads nothing external.
 */
async function getLogoPaints(url: string): Promise<Paint[]> {
  const image = new Image(SIDE, SIDE);
  image.src = `${FILES_PATH}?${new URLSearchParams({ url })}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIDE;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return [];
  context.drawImage(image, 0, 0, SIDE, SIDE);
  return pixelPaints(context.getImageData(0, 0, SIDE, SIDE).data);
}

export function useLogoPaints(url: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['search', 'logo-paints', url] as const,
    queryFn: () => getLogoPaints(url),
    enabled: options.enabled,
    // A file's colours do not change; a failed load just means no warning.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
