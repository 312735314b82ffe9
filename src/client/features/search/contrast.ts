/*
 * Would a logo be nearly invisible on a background? It is when less than a fifth of its painted
 * pixels (drawn on a canvas, composited over the background) reach WCAG contrast 1.5:1.
 */

/** sRGB channels, 0–255. */
export type Rgb = readonly [number, number, number];
/** A colour the logo paints, its opacity (0–1), and how many pixels show it. */
export type Paint = { rgb: Rgb; alpha: number; weight: number };
type ContrastVerdict = 'low' | 'ok' | 'unknown';

/** Below this contrast ratio a colour all but disappears into the background. */
const LOW_CONTRAST_RATIO = 1.5;
/** The logo is hard to see when less than this share of its paint stands out. */
const VISIBLE_SHARE_NEEDED = 0.2;

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

/** A translucent colour as seen over an opaque background. */
export function composite({ rgb, alpha }: Pick<Paint, 'rgb' | 'alpha'>, background: Rgb): Rgb {
  return rgb.map((c, i) => Math.round(c * alpha + background[i]! * (1 - alpha))) as unknown as Rgb;
}

/** The paint in RGBA pixels (a canvas's image data), one entry per colour; transparent pixels are left out. */
export function pixelPaints(pixels: Uint8ClampedArray): Paint[] {
  const paints = new Map<number, Paint>();
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i + 3] === 0) continue;
    const key =
      (pixels[i]! << 24) | (pixels[i + 1]! << 16) | (pixels[i + 2]! << 8) | pixels[i + 3]!;
    const paint = paints.get(key);
    if (paint) paint.weight += 1;
    else {
      const rgb: Rgb = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
      paints.set(key, { rgb, alpha: pixels[i + 3]! / 255, weight: 1 });
    }
  }
  return [...paints.values()];
}

/**
 * Whether the logo stands out from `backgrounds` given as '#rrggbb' (two for the checkerboard: a
 * colour counts as visible if it stands out from either). 'unknown' when nothing is painted.
 */
export function contrastVerdict(
  paints: readonly Paint[],
  backgroundColours: readonly string[],
): ContrastVerdict {
  const backgrounds = backgroundColours.map(hexRgb).filter((rgb) => rgb !== null);
  let total = 0;
  let visible = 0;
  for (const paint of paints) {
    total += paint.weight;
    const stands = backgrounds.some(
      (background) => contrastRatio(composite(paint, background), background) >= LOW_CONTRAST_RATIO,
    );
    if (stands) visible += paint.weight;
  }
  if (total === 0 || backgrounds.length === 0) return 'unknown';
  return visible / total < VISIBLE_SHARE_NEEDED ? 'low' : 'ok';
}
