import type { CSSProperties } from 'react';
import type { BackgroundTone } from '#shared/search/logo-variants.ts';
import { toneOfColour } from '#shared/lib/colour.ts';

// What logo previews are shown on: one choice for the cards and the detail dialog.

export const PREVIEW_BACKGROUNDS = ['white', 'black', 'checkerboard', 'brand'] as const;
export type PreviewBackground = (typeof PREVIEW_BACKGROUNDS)[number];

export function isPreviewBackground(value: unknown): value is PreviewBackground {
  return PREVIEW_BACKGROUNDS.some((background) => background === value);
}

export const PREVIEW_BACKGROUND_LABELS: Record<PreviewBackground, string> = {
  white: 'White',
  black: 'Black',
  checkerboard: 'Checkerboard',
  brand: 'Brand colour',
};

const CHECKER_LIGHT = '#ffffff';
const CHECKER_DARK = '#e4e4e7';

type PreviewSurface = {
  /** The background actually shown: a logo without a brand colour is shown on white. */
  background: PreviewBackground;
  /** Tailwind classes for the tile. */
  className: string;
  style?: CSSProperties;
  /** The colours a logo must stand out from (both squares of the checkerboard). */
  colours: readonly string[];
  /** How the warning names it: 'a black background'. */
  description: string;
  /** Which version of a logo with light and dark files it shows (`variantForBackground`). */
  tone: BackgroundTone;
};

const SURFACES: Record<Exclude<PreviewBackground, 'brand'>, PreviewSurface> = {
  white: {
    background: 'white',
    className: 'bg-white',
    colours: ['#ffffff'],
    description: 'a white background',
    tone: 'light',
  },
  black: {
    background: 'black',
    className: 'bg-black',
    colours: ['#000000'],
    description: 'a black background',
    tone: 'dark',
  },
  checkerboard: {
    background: 'checkerboard',
    className: 'bg-white',
    style: {
      backgroundImage: `conic-gradient(${CHECKER_DARK} 25%, ${CHECKER_LIGHT} 0 50%, ${CHECKER_DARK} 0 75%, ${CHECKER_LIGHT} 0)`,
      backgroundSize: '20px 20px',
    },
    colours: [CHECKER_LIGHT, CHECKER_DARK],
    description: 'the checkerboard background',
    tone: 'light',
  },
};

/** A brand colour as the catalogue gives it (six hex digits, no '#'), or null when unusable. */
function brandHex(brandColor: string | null | undefined): string | null {
  return brandColor && /^[0-9a-f]{6}$/i.test(brandColor) ? `#${brandColor.toLowerCase()}` : null;
}

export function hasBrandColour(logo: { brandColor: string | null }): boolean {
  return brandHex(logo.brandColor) !== null;
}

/** How to paint a preview tile for `background`, given the logo's brand colour. */
export function previewSurface(
  background: PreviewBackground,
  brandColor: string | null | undefined,
): PreviewSurface {
  const brand = brandHex(brandColor);
  if (background === 'brand' && brand) {
    return {
      background,
      className: '',
      style: { backgroundColor: brand },
      colours: [brand],
      description: `its brand colour (${brand.toUpperCase()})`,
      tone: toneOfColour(brand),
    };
  }
  return background === 'brand' ? SURFACES.white : SURFACES[background];
}

/** The sentence shown when a logo would be hard to see on its preview background. */
export function contrastWarningText(surface: PreviewSurface): string {
  return `This logo may be hard to see on ${surface.description}.`;
}
