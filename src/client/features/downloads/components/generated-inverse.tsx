import { useId } from 'react';
import { Download } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { BusyIcon } from './busy-icon.tsx';
import { useInverseLogo } from '../api/get-inverse-logo.ts';
import { isSvgFile } from '../copy/copy-formats.ts';
import { useLogoDownload } from '../hooks/use-logo-download.ts';
import { logoFileName } from '../zip-names.ts';
import { cn } from '#client/lib/cn.ts';
import { logoPair } from '#shared/search/logo-variants.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/**
 * The detail dialog's generated inverse of a one-colour SVG logo without a light/dark pair: its
 * white version (or black, for a white logo), shown on the background it is for and downloaded
 * through the one download flow, which counts it as this logo's download.
 */
export function GeneratedInverse({ logo }: { logo: Logo }) {
  const enabled = logo.fileType === 'svg' && isSvgFile(logo) && !logoPair(logo);
  const inverse = useInverseLogo(logo.url, { enabled });
  const { download, isDownloading } = useLogoDownload(logo);
  const headingId = useId();
  if (!enabled || !inverse.data) return null;

  const { svg, tone, src } = inverse.data;
  const colour = tone === 'dark' ? 'white' : 'black';
  const fileName = logoFileName(logo).replace(/\.svg$/i, `_${colour}.svg`);
  return (
    <section aria-labelledby={headingId} className="flex items-center gap-3 rounded-xl border p-3">
      <span
        aria-hidden
        className={cn(
          'flex h-12 w-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border p-1.5',
          tone === 'dark' ? 'bg-black' : 'bg-white',
        )}
      >
        <img src={src} alt="" className="size-full object-contain" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h3 id={headingId} className="text-sm font-semibold capitalize">
          {colour} version
        </h3>
        <p className="text-xs/5 text-muted-foreground">
          Made from this one-colour logo, for {tone} backgrounds.
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        aria-disabled={isDownloading || undefined}
        onClick={() => {
          if (isDownloading) return;
          download(() =>
            Promise.resolve({
              blob: new Blob([svg], { type: 'image/svg+xml' }),
              fileName,
              fileType: 'svg',
            }),
          );
        }}
      >
        <BusyIcon busy={isDownloading} icon={Download} />
        {isDownloading ? 'Downloading...' : 'Download'}
        <span className="sr-only"> {colour} version</span>
      </Button>
    </section>
  );
}
