import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, History, TriangleAlert } from 'lucide-react';
import { LogoBadges } from './logo-badges.tsx';
import { LogoImage } from './logo-image.tsx';
import { useLogoPreview } from '../hooks/use-preview-background.ts';
import { formatLogoDate } from '../logo-format.ts';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

export type LogoCardLayout = 'grid' | 'list';

/** The company page of an official logo's Wikidata item. */
export const logoHistoryPath = (wikidataId: string) => `/brand/${wikidataId}`;

/** On the preview tile when the logo would be hard to see on the chosen background. */
function LowContrastBadge({ warning, compact }: { warning: string; compact: boolean }) {
  return (
    <span
      title={warning}
      className={cn(
        'absolute bottom-1.5 left-1.5 inline-flex items-center gap-1 rounded-full border border-amber-400 bg-amber-50 font-medium text-amber-950 shadow-sm',
        compact ? 'p-1' : 'px-2 py-0.5 text-xs',
      )}
    >
      <TriangleAlert aria-hidden className={compact ? 'size-3' : 'size-3.5'} />
      {!compact && <span aria-hidden>Low contrast</span>}
      <span className="sr-only">{warning}</span>
    </span>
  );
}

/** The batch tick box, drawn for the eye: the title button says the state (aria-pressed). */
function SelectionMark({ selected, list }: { selected: boolean; list: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-md border-2 shadow-sm transition-colors',
        // In a list the tile is small: the box goes beside it rather than over the logo.
        list ? 'size-5' : 'absolute top-2.5 right-2.5 size-6',
        selected
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-zinc-400 bg-white text-transparent',
      )}
    >
      <Check className={list ? 'size-3.5' : 'size-4'} strokeWidth={3} />
    </span>
  );
}

/**
 * One logo in a grid or list. The title is a button stretched over the card: it opens the detail
 * dialog, or in batch mode toggles the selection (aria-pressed).
 */
export function LogoCard({
  logo,
  layout = 'grid',
  batchMode = false,
  selected = false,
  onActivate,
  actions,
  links,
  headingLevel = 3,
  priority = false,
}: {
  logo: Logo;
  layout?: LogoCardLayout;
  batchMode?: boolean;
  selected?: boolean;
  onActivate: (logo: Logo) => void;
  actions?: ReactNode;
  /** Small text actions beside 'Logo history' (the actions row holds the file's actions). */
  links?: ReactNode;
  headingLevel?: 2 | 3;
  /** In the first row: its picture loads at once (see LogoImage). */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = formatLogoDate(logo.dateAdded);
  const list = layout === 'list';
  // Only once someone picks a background: each check downloads the logo's file.
  const { surface, shown, warning } = useLogoPreview(logo, { checkOnWhite: false });

  return (
    <article
      className={cn(
        'group relative flex rounded-2xl border bg-card text-card-foreground shadow-xs transition-[box-shadow,border-color] hover:border-ring/60 hover:shadow-md',
        // The stretched title button draws the card's focus ring.
        'has-[[data-card-trigger]:focus-visible]:outline-2 has-[[data-card-trigger]:focus-visible]:outline-offset-2 has-[[data-card-trigger]:focus-visible]:outline-ring has-[[data-card-trigger]:focus-visible]:outline-solid',
        list ? 'flex-row flex-wrap items-center gap-x-4 gap-y-3 p-3 sm:flex-nowrap' : 'flex-col',
        selected && 'border-primary ring-2 ring-primary hover:border-primary',
      )}
    >
      {batchMode && list && <SelectionMark selected={selected} list />}
      <div
        className={cn(
          'relative flex items-center justify-center overflow-hidden',
          // Logos are mostly dark on transparent: a light tile keeps them visible in the dark theme too.
          surface.background === 'white' ? 'bg-white dark:bg-zinc-100' : surface.className,
          list
            ? 'size-20 shrink-0 rounded-xl border p-2.5 sm:size-24 sm:p-3'
            : 'aspect-[16/9] rounded-t-2xl border-b px-10 py-7 sm:aspect-[16/10] sm:p-10',
        )}
        style={surface.style}
      >
        {/* Its light or dark version when the search found both: the one the background needs. */}
        <LogoImage logo={shown} key={shown.url} priority={priority} />
        {warning && <LowContrastBadge warning={warning} compact={list} />}
        {batchMode && !list && <SelectionMark selected={selected} list={false} />}
      </div>

      <div className={cn('flex min-w-0 flex-1 flex-col gap-2', list ? 'self-center' : 'px-4 pt-4')}>
        <Heading className="text-[0.9375rem]/snug font-semibold">
          <button
            type="button"
            data-card-trigger
            aria-pressed={batchMode ? selected : undefined}
            onClick={() => onActivate(logo)}
            className="line-clamp-2 cursor-pointer text-left break-words outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
          >
            {logo.title}
          </button>
        </Heading>
        <p className="text-xs text-muted-foreground">
          {logo.dateAdded && date !== 'Unknown date' ? (
            <time dateTime={logo.dateAdded}>{date}</time>
          ) : (
            date
          )}
        </p>
        <LogoBadges logo={logo} />
        {(logo.wikidataId || links) && (
          // Above the stretched button, like the actions.
          <div className="relative z-10 flex flex-wrap items-center gap-x-4 gap-y-1">
            {logo.wikidataId && (
              <Link
                to={logoHistoryPath(logo.wikidataId)}
                className="inline-flex w-fit items-center gap-1 text-xs font-medium text-link underline-offset-4 hover:underline"
              >
                <History aria-hidden className="size-3.5" />
                Logo history
                <span className="sr-only">: {logo.title}</span>
              </Link>
            )}
            {links}
          </div>
        )}
      </div>
      {actions && (
        // Above the stretched button, so the actions stay clickable.
        <div
          className={cn(
            'relative z-10 flex',
            list ? 'basis-full sm:w-76 sm:shrink-0 sm:basis-auto' : 'mt-auto px-4 pt-4 pb-4',
          )}
        >
          {actions}
        </div>
      )}
    </article>
  );
}
