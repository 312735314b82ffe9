/*
 * Would a logo be nearly invisible on a background? It is when less than a fifth of its painted
 * pixels (drawn on a canvas, composited over the background) reach WCAG contrast 1.5:1.
 */

/** A colour the logo paints, its opacity (0–1), and how many pixels show it. */
export type Paint = { rgb: Rgb; alpha: number; weight: number };
import { contrastRatio, hexRgb, type Rgb } from '#shared/lib/colour.ts';

type ContrastVerdict = 'low' | 'ok' | 'unknown';

/** Below this contrast ratio a colour all but disappears into the background. */
const LOW_CONTRAST_RATIO = 1.5;
/** The logo is hard to see when less than this share of its paint stands out. */
const VISIBLE_SHARE_NEEDED = 0.2;

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
