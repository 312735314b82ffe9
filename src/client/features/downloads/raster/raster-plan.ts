import type { SvgSize } from '../svg-size.ts';

/* Raster export's choices and the arithmetic from them to a picture's size (drawn by render-image.ts). */

export const RASTER_FORMATS = ['png', 'webp', 'jpg'] as const;
export type RasterFormat = (typeof RASTER_FORMATS)[number];

export const RASTER_FORMAT_INFO = {
  png: { label: 'PNG', mime: 'image/png', extension: 'png', transparency: true },
  webp: { label: 'WebP', mime: 'image/webp', extension: 'webp', transparency: true },
  jpg: { label: 'JPG', mime: 'image/jpeg', extension: 'jpg', transparency: false },
} as const;

/** The lossy formats' quality: the browsers' own default for JPEG, visually clean for logos. */
export const LOSSY_QUALITY = 0.92;

export const SIZE_PRESETS = [32, 64, 128, 256, 512, 1024, 2048] as const;
export const DEFAULT_WIDTH = 1024;
export const MIN_CUSTOM_WIDTH = 16;
export const MAX_CUSTOM_WIDTH = 4096;

/**
 * The largest picture drawn: browsers refuse canvases past ~32,767 px a side or ~268 million
 * pixels, and one that size takes a gigabyte; these stay well inside on any device.
 */
export const MAX_RASTER_SIDE = 16_384;
export const MAX_RASTER_PIXELS = 64_000_000;

/** Padding around the logo, in % of the picture's width, on every side. */
export const PADDING_CHOICES = [0, 5, 10, 20] as const;
export type PaddingPercent = (typeof PADDING_CHOICES)[number];

/** What a browser shows an SVG with no usable size at (the default object size). */
export const FALLBACK_SVG_SIZE: SvgSize = { width: 300, height: 150 };

export type BackgroundChoice = 'transparent' | 'white' | 'black' | 'custom';
export const DEFAULT_CUSTOM_BACKGROUND = '#2563eb';
const NAMED_BACKGROUNDS = { white: '#ffffff', black: '#000000' } as const;

export class RasterSizeError extends Error {
  override name = 'RasterSizeError';
}

/** A custom width as typed: a whole number of px within the allowed range, or why not. */
export function parseCustomWidth(
  text: string,
): { ok: true; width: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  const width = Number(trimmed);
  if (
    !/^\d+$/.test(trimmed) ||
    !Number.isSafeInteger(width) ||
    width < MIN_CUSTOM_WIDTH ||
    width > MAX_CUSTOM_WIDTH
  ) {
    return {
      ok: false,
      message: `Enter a whole number of pixels from ${MIN_CUSTOM_WIDTH} to ${MAX_CUSTOM_WIDTH}.`,
    };
  }
  return { ok: true, width };
}

/**
 * The colour drawn behind the logo, or null for none. JPG cannot be transparent, so there
 * 'transparent' becomes white (what the picture would otherwise get: black).
 */
export function resolveBackground(
  format: RasterFormat,
  choice: BackgroundChoice,
  customColour: string,
): string | null {
  if (choice === 'transparent') {
    return RASTER_FORMAT_INFO[format].transparency ? null : NAMED_BACKGROUNDS.white;
  }
  if (choice === 'custom') {
    // A #rrggbb colour (what <input type="color"> gives), lowercased.
    const colour = customColour.trim();
    return /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : DEFAULT_CUSTOM_BACKGROUND;
  }
  return NAMED_BACKGROUNDS[choice];
}

export type RasterPlan = {
  width: number;
  height: number;
  /** Where the logo is drawn, in px (fractions allowed: the canvas blends the edge). */
  logo: { x: number; y: number; width: number; height: number };
};

/**
 * The picture for an SVG of `intrinsic` size at `width` px: the height follows the logo, and
 * `paddingPercent` of the width stays clear on every side (the logo shrinks inside). Throws
 * RasterSizeError when it would be too large to draw (a very tall logo at a large width).
 */
export function planRaster({
  intrinsic,
  width,
  paddingPercent = 0,
}: {
  intrinsic: SvgSize | null;
  width: number;
  paddingPercent?: number;
}): RasterPlan {
  const size = intrinsic ?? FALLBACK_SVG_SIZE;
  const outputWidth = Math.max(1, Math.round(width));
  const padding = Math.round((outputWidth * Math.max(0, paddingPercent)) / 100);
  // Padding can never leave less than a pixel for the logo itself.
  const inset = Math.min(padding, Math.floor((outputWidth - 1) / 2));
  const logoWidth = outputWidth - 2 * inset;
  const logoHeight = (logoWidth * size.height) / size.width;
  const outputHeight = Math.max(1, Math.round(logoHeight + 2 * inset));
  if (outputHeight > MAX_RASTER_SIDE || outputWidth * outputHeight > MAX_RASTER_PIXELS) {
    throw new RasterSizeError(
      `At ${outputWidth} px wide this logo would be ${outputHeight.toLocaleString('en-US')} px high, too large to draw. Choose a smaller width.`,
    );
  }
  return {
    width: outputWidth,
    height: outputHeight,
    logo: { x: inset, y: (outputHeight - logoHeight) / 2, width: logoWidth, height: logoHeight },
  };
}

/**
 * The size hint before anything is fetched, from the logo's size in its metadata: the picture's
 * size, or why it would be too large; null without a width or a known size.
 */
export function estimateRaster(
  intrinsic: { width?: number | null; height?: number | null },
  width: number | null,
  paddingPercent: number,
): { text: string; tooLarge: boolean } | null {
  if (width === null || !intrinsic.width || !intrinsic.height) return null;
  try {
    const size = { width: intrinsic.width, height: intrinsic.height };
    const plan = planRaster({ intrinsic: size, width, paddingPercent });
    return { text: `${plan.width} × ${plan.height} px`, tooLarge: false };
  } catch (error) {
    if (!(error instanceof RasterSizeError)) throw error;
    return { text: error.message, tooLarge: true };
  }
}

/**
 * The largest width, up to `preferredScale` × the sheet's own, at which a sheet stays within the
 * drawing limits. A consolidated sheet of 200 logos in one column is tall: it is drawn smaller.
 */
export function sheetRasterWidth(sheet: SvgSize, preferredScale = 2): number {
  const scale = Math.min(
    preferredScale,
    MAX_RASTER_SIDE / Math.max(sheet.width, sheet.height),
    // A little under the pixel limit, so rounding the height up cannot cross it.
    Math.sqrt(MAX_RASTER_PIXELS / (sheet.width * sheet.height)) * 0.999,
  );
  return Math.max(1, Math.floor(sheet.width * scale));
}
