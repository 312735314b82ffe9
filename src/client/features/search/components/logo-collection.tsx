import type { ReactNode } from 'react';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { LogoCard, type LogoCardLayout } from './logo-card.tsx';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

function layoutClass(layout: LogoCardLayout): string {
  // Spec 000 §2: the grid is 1, 2 or 3 columns depending on the width.
  return layout === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 sm:gap-5' : 'grid gap-3';
}

/** Logos as a grid or a list; in batch mode a card toggles its selection instead of opening. */
export function LogoCollection({
  logos,
  layout,
  batchMode,
  isSelected,
  onOpen,
  onToggle,
  renderActions,
  label,
  cardHeadingLevel = 3,
  className,
}: {
  logos: readonly Logo[];
  layout: LogoCardLayout;
  batchMode: boolean;
  isSelected: (logo: Logo) => boolean;
  onOpen: (logo: Logo) => void;
  onToggle: (logo: Logo) => void;
  renderActions?: (logo: Logo) => ReactNode;
  /** Names the list for screen readers ('Search results'). */
  label: string;
  /** The level that fits under the page's outline: 2 right under the page's h1. */
  cardHeadingLevel?: 2 | 3;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn(layoutClass(layout), className)}>
      {logos.map((logo) => (
        <li key={logo.url} className="flex">
          <div className="w-full [&>article]:h-full">
            <LogoCard
              logo={logo}
              layout={layout}
              batchMode={batchMode}
              selected={batchMode && isSelected(logo)}
              onActivate={batchMode ? onToggle : onOpen}
              actions={renderActions?.(logo)}
              headingLevel={cardHeadingLevel}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Grey stand-ins for cards while results load. */
export function LogoCollectionSkeleton({
  count = 6,
  layout = 'grid',
  className,
}: {
  count?: number;
  layout?: LogoCardLayout;
  className?: string;
}) {
  return (
    <div aria-hidden className={cn(layoutClass(layout), className)}>
      {Array.from({ length: count }, (_, index) =>
        layout === 'grid' ? (
          <div key={index} className="overflow-hidden rounded-2xl border bg-card shadow-xs">
            <Skeleton className="aspect-[4/3] rounded-none" />
            <div className="flex flex-col gap-3 p-4">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
              <div className="flex gap-1.5">
                <Skeleton className="h-5 w-11 rounded-full" />
                <Skeleton className="h-5 w-24 rounded-full" />
              </div>
              <div className="flex gap-2 pt-1.5">
                <Skeleton className="h-8 flex-1" />
                <Skeleton className="h-8 flex-1" />
              </div>
            </div>
          </div>
        ) : (
          <div
            key={index}
            className="flex items-center gap-4 rounded-2xl border bg-card p-3 shadow-xs"
          >
            <Skeleton className="size-24 shrink-0 rounded-xl" />
            <div className="flex flex-1 flex-col gap-3">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        ),
      )}
    </div>
  );
}
