import type { Logo, LogoVariant } from './search.schemas.ts';

/*
 * Light and dark versions of one logo (docs/product.md#light-and-dark-versions): the server pairs
 * the files of one search whose titles differ only by a variant word; everything that shows or
 * saves a logo on a background (cards, the detail dialog, downloads, the logo wall) asks this one
 * rule which file fits.
 */

/** Whether a background is light (white, checkerboard, a pale brand colour) or dark. */
export type BackgroundTone = 'light' | 'dark';

/**
 * Words in a file's title that say which background it is drawn for. Colour words name the ink
 * ('white' ink is for dark backgrounds); 'dark' and 'light' name the mode or background
 * ('Logo dark.svg' is the dark-mode file), as brand kits name them.
 */
export const VARIANT_WORDS: Readonly<Record<BackgroundTone, readonly string[]>> = {
  dark: ['white', 'negative', 'inverted', 'inverse', 'reversed', 'reverse', 'dark', 'darkmode'],
  light: ['black', 'positive', 'light', 'lightmode'],
};

/** The variant file as the logo it stands for: its own file and credit, the rest of the logo's facts. */
function asLogo(logo: Logo, variant: LogoVariant): Logo {
  return {
    ...logo,
    ...variant,
    // The pair's facts about the other file (size, date, description) are not known here.
    size: null,
    dateAdded: null,
    description: null,
  };
}

/**
 * The file of `logo` drawn for a `tone` background: its paired version when the search found one
 * for that background, else the logo itself. The result keeps `variants`, so the other file can
 * still be asked for.
 */
export function variantForBackground(logo: Logo, tone: BackgroundTone): Logo {
  const variant = logo.variants?.[tone];
  return variant && variant.url !== logo.url ? asLogo(logo, variant) : logo;
}

/** Both versions of a paired logo, light first; null when the logo has no pair. */
export function logoPair(logo: Logo): { light: Logo; dark: Logo } | null {
  if (!logo.variants?.light || !logo.variants.dark) return null;
  return { light: variantForBackground(logo, 'light'), dark: variantForBackground(logo, 'dark') };
}
