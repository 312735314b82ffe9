import { useMemo } from 'react';
import { storedPreference } from '#client/lib/stored-preference.ts';
import { useLogoPaints } from '../api/get-logo-paints.ts';
import { contrastVerdict } from '../contrast.ts';
import { contrastWarningText, isPreviewBackground, previewSurface } from '../preview-background.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/** The preview background of every card and the detail dialog, remembered in this browser. */
export const usePreviewBackground = storedPreference(
  'logo-preview-background',
  isPreviewBackground,
  'white',
);

/**
 * How to show `logo` on the page's background, with a warning when it would be nearly invisible.
 * `checkOnWhite: false` skips the check (a download) until someone picks another background.
 */
export function useLogoPreview(
  logo: Pick<Logo, 'url' | 'fileType' | 'brandColor'>,
  { checkOnWhite = true }: { checkOnWhite?: boolean } = {},
) {
  const [background, setBackground] = usePreviewBackground();
  const surface = useMemo(
    () => previewSurface(background, logo.brandColor),
    [background, logo.brandColor],
  );
  const enabled = (checkOnWhite || background !== 'white') && logo.fileType === 'svg';
  const paints = useLogoPaints(logo.url, { enabled });
  const low = useMemo(
    () => paints.data !== undefined && contrastVerdict(paints.data, surface.colours) === 'low',
    [paints.data, surface.colours],
  );
  return { surface, setBackground, warning: enabled && low ? contrastWarningText(surface) : null };
}
