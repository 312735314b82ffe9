/*
 * The size an SVG draws at, from its root's width, height and viewBox; apart from svg-sanitize.ts
 * so that exporting one PNG does not load SVGO's parser.
 */

/** px per unit (CSS: 96 px per inch; em taken as the 16 px default font size). */
const UNIT_PX: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 96 / 72,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  q: 96 / 101.6,
  in: 96,
  em: 16,
  rem: 16,
  ex: 8,
};

/** A width or height in px, or null when unknown (missing, %, auto, zero, negative). */
export function lengthInPx(value: string | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  const match = /^\s*\+?((?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!match) return null;
  const factor = UNIT_PX[match[2]!.toLowerCase()];
  const px = Number(match[1]) * (factor ?? Number.NaN);
  return Number.isFinite(px) && px > 0 ? px : null;
}

export function parseViewBox(
  value: string | null | undefined,
): [number, number, number, number] | null {
  if (value === undefined || value === null) return null;
  const parts = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || !parts.every(Number.isFinite)) return null;
  const [x, y, width, height] = parts as [number, number, number, number];
  return width > 0 && height > 0 ? [x, y, width, height] : null;
}

export type SvgSize = { width: number; height: number };

/**
 * The size in px at which the file shows on its own, from width, height and the viewBox's
 * proportions; null when the root says nothing usable (browsers then use 300 × 150).
 */
export function svgIntrinsicSize(root: {
  width?: string | null;
  height?: string | null;
  viewBox?: string | null;
}): SvgSize | null {
  const width = lengthInPx(root.width);
  const height = lengthInPx(root.height);
  const viewBox = parseViewBox(root.viewBox);
  if (width !== null && height !== null) return { width, height };
  if (viewBox) {
    const [, , boxWidth, boxHeight] = viewBox;
    if (width !== null) return { width, height: (width * boxHeight) / boxWidth };
    if (height !== null) return { width: (height * boxWidth) / boxHeight, height };
    return { width: boxWidth, height: boxHeight };
  }
  return null;
}
