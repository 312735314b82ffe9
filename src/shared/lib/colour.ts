import type { BackgroundTone } from '#shared/search/logo-variants.ts';

/*
 * Colours as WCAG measures them: the preview backgrounds' contrast checks in the browser and the
 * choice of a logo's light or dark version for a background share these.
 */

/** sRGB channels, 0–255. */
export type Rgb = readonly [number, number, number];

/** '#rrggbb' (the preview surfaces' colours) as channels; null for anything else. */
export function hexRgb(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return match ? ([1, 2, 3].map((i) => Number.parseInt(match[i]!, 16)) as unknown as Rgb) : null;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 (same) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** Dark when white ink stands out from the colour ('#rrggbb') more than black ink does. */
export function toneOfColour(hex: string): BackgroundTone {
  const rgb = hexRgb(hex);
  if (!rgb) return 'light';
  return contrastRatio(rgb, WHITE) > contrastRatio(rgb, BLACK) ? 'dark' : 'light';
}
