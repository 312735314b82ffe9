import { useMemo } from 'react';
import { storedPreference } from '#client/lib/stored-preference.ts';
import { useLogoPaints } from '../api/get-logo-paints.ts';
import { contrastVerdict } from '../contrast.ts';
import { contrastWarningText, isPreviewBackground, previewSurface } from '../preview-background.ts';
import { variantForBackground } from '#shared/search/logo-variants.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/** The preview background of every card and the detail dialog, remembered in this browser. */
export const usePreviewBackground = storedPreference(
  'logo-preview-background',
  isPreviewBackground,
  'white',
);

/**
 * The file of `logo` that fits the page's preview background: its dark version on black (or a dark
 * brand colour) when the search found one, else the logo itself. Downloads and copies take it too,
 * so what is saved is what is shown (docs/product.md#light-and-dark-versions).
 */
export function useLogoOnBackground(logo: Logo): Logo {
  const [background] = usePreviewBackground();
  return variantForBackground(logo, previewSurface(background, logo.brandColor).tone);
}

/**
 * How to show `logo` on the page's background: the surface, the file that fits it (`shown`), and
 * a warning when that file would be nearly invisible. `checkOnWhite: false` skips the check (a
 * download) until someone picks another background.
 */
export function useLogoPreview(
  logo: Logo,
  { checkOnWhite = true }: { checkOnWhite?: boolean } = {},
) {
  const [background, setBackground] = usePreviewBackground();
  const surface = useMemo(
    () => previewSurface(background, logo.brandColor),
    [background, logo.brandColor],
  );
  const shown = variantForBackground(logo, surface.tone);
  const enabled = (checkOnWhite || background !== 'white') && shown.fileType === 'svg';
  const paints = useLogoPaints(shown.url, { enabled });
  const low = useMemo(
    () => paints.data !== undefined && contrastVerdict(paints.data, surface.colours) === 'low',
    [paints.data, surface.colours],
  );
  return {
    surface,
    shown,
    setBackground,
    warning: enabled && low ? contrastWarningText(surface) : null,
  };
}
