import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/** The address the wall draws a logo from: an SVG's own file (sharp at any size), else its thumbnail. */
export function wallImageUrl(logo: Pick<Logo, 'fileType' | 'url' | 'thumbUrl'>): string {
  return logo.fileType === 'svg' ? logo.url : (logo.thumbUrl ?? logo.url);
}

/** A small picture of a logo on a light tile (logos are mostly dark on transparent). */
export function WallThumb({ logo, className }: { logo: Logo; className?: string }) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center rounded-lg border bg-white p-1.5 dark:bg-zinc-100',
        className,
      )}
    >
      <img
        src={wallImageUrl(logo)}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className="size-full object-contain"
      />
    </span>
  );
}
