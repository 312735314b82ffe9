import { useImperativeHandle, type Ref } from 'react';
import { useCopySvg } from '#client/features/downloads/hooks/use-copy-svg.ts';
import { useLogoDownload } from '#client/features/downloads/hooks/use-logo-download.ts';
import type { LogoShortcutHandle } from '#client/features/search/components/logo-collection.tsx';
import { useLogoOnBackground } from '#client/features/search/hooks/use-preview-background.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/**
 * LogoCollection's `shortcutActions`: gives `d` and `c` the downloads feature's own download and
 * Copy SVG, so a shortcut follows the card buttons' quota, Premium rules and messages.
 */
export function LogoShortcutActions({ logo, ref }: { logo: Logo; ref: Ref<LogoShortcutHandle> }) {
  // The file the card shows (its dark version on a dark background), as the card's buttons do.
  const shown = useLogoOnBackground(logo);
  const { download } = useLogoDownload(shown);
  const { copy } = useCopySvg(shown);
  useImperativeHandle(ref, () => ({
    url: logo.url,
    download: () => download(),
    copy: () => void copy(),
  }));
  return null;
}
