import { useState } from 'react';
import { logoInitials } from '../logo-format.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

/**
 * A logo's picture: the thumbnail, then the original file, then a tile with the title's initials.
 * Parents key it by url so a different logo starts again with its thumbnail.
 */
export function LogoImage({
  logo,
  variant = 'thumb',
  priority = false,
}: {
  logo: Pick<Logo, 'title' | 'url' | 'thumbUrl'>;
  /** 'full' prefers the original file (the detail dialog's large preview). */
  variant?: 'thumb' | 'full';
  /** In the first screenful (the first row of results): fetched at once, and first. */
  priority?: boolean;
}) {
  const ordered = variant === 'full' ? [logo.url, logo.thumbUrl] : [logo.thumbUrl, logo.url];
  const sources = [...new Set(ordered.filter((src): src is string => Boolean(src)))];
  const [failed, setFailed] = useState(0);
  const src = sources[failed];

  if (!src) {
    return (
      <div
        role="img"
        aria-label={`${logo.title} (preview unavailable)`}
        className="flex aspect-square h-full max-h-24 items-center justify-center rounded-2xl bg-zinc-200 font-semibold text-zinc-700 select-none"
      >
        <span aria-hidden className="text-2xl tracking-tight">
          {logoInitials(logo.title)}
        </span>
      </div>
    );
  }

  return (
    <img
      // A new src after a failure must be a new element, or the browser may keep the broken one.
      key={src}
      src={src}
      alt={logo.title}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed((count) => count + 1)}
      className="size-full object-contain"
    />
  );
}
