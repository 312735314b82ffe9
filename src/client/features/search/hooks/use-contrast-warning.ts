import { useMemo } from 'react';
import { useLogoPaints } from '../api/get-logo-paints.ts';
import { contrastVerdict } from '../contrast.ts';
import { contrastWarningText, type PreviewSurface } from '../preview-background.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/**
 * The warning to show when `logo` would be nearly invisible on `surface`, or null (fine, not an
 * SVG, not checked, or its colours could not be read). `enabled: false` fetches nothing.
 */
export function useContrastWarning(
  logo: Pick<Logo, 'url' | 'fileType'>,
  surface: PreviewSurface,
  { enabled = true }: { enabled?: boolean } = {},
): string | null {
  const paints = useLogoPaints(logo.url, { enabled: enabled && logo.fileType === 'svg' });
  const { colours } = surface;
  const low = useMemo(
    () => paints.data !== undefined && contrastVerdict(paints.data, colours) === 'low',
    [paints.data, colours],
  );
  return enabled && low ? contrastWarningText(surface) : null;
}
