import { BadgeCheck, Contrast, History } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { logoPair } from '#shared/search/logo-variants.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/**
 * File type (uppercase), license, 'Official' / 'Former logo' when Wikidata says so, and 'Light &
 * dark' when the search found both versions.
 */
export function LogoBadges({ logo, showLicense = true }: { logo: Logo; showLicense?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {logo.official && !logo.historical && (
        <Badge variant="accent">
          <BadgeCheck aria-hidden />
          Official
        </Badge>
      )}
      {logo.historical && (
        <Badge variant="secondary">
          <History aria-hidden />
          Former logo
        </Badge>
      )}
      <Badge variant="secondary" className="font-mono tracking-wide">
        <span className="sr-only">File type: </span>
        {logo.fileType.toUpperCase()}
      </Badge>
      {logoPair(logo) && (
        <Badge
          variant="outline"
          title="Light and dark versions: the preview follows the background"
        >
          <Contrast aria-hidden />
          <span aria-hidden>Light &amp; dark</span>
          <span className="sr-only">Light and dark versions</span>
        </Badge>
      )}
      {showLicense && logo.license && (
        <Badge variant="outline" className="max-w-full min-w-0">
          <span className="sr-only">License: </span>
          <span className="truncate">{logo.license}</span>
        </Badge>
      )}
    </div>
  );
}
