import {
  memo,
  useId,
  useRef,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { LogoCard, type LogoCardLayout } from './logo-card.tsx';
import { GRID_ITEM_ATTRIBUTE, useGridKeyboard } from '../hooks/use-grid-keyboard.ts';
import type { GridShortcut } from '../keyboard-shortcuts.ts';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

function layoutClass(layout: LogoCardLayout): string {
  return layout === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 sm:gap-5' : 'grid gap-3';
}

/** What `d` and `c` do to the focused card: the page's Download and Copy SVG for that logo. */
export type LogoShortcutHandle = {
  /** The logo these actions are for. */
  url: string;
  download: () => void;
  copy: () => void;
};

const FIRST_ROW = 3;

/** Re-renders only when its own card changes, not each time focus moves to another card. */
const CollectionItem = memo(function CollectionItem({
  renderActions,
  renderLinks,
  ...card
}: Omit<ComponentProps<typeof LogoCard>, 'actions' | 'links'> & {
  renderActions?: (logo: Logo) => ReactNode;
  renderLinks?: (logo: Logo) => ReactNode;
}) {
  return (
    // Scroll margins keep a card moved to by keyboard clear of the sticky header and the batch bar.
    <li {...{ [GRID_ITEM_ATTRIBUTE]: '' }} className="flex scroll-mt-24 scroll-mb-28">
      <div className="w-full [&>article]:h-full">
        <LogoCard {...card} actions={renderActions?.(card.logo)} links={renderLinks?.(card.logo)} />
      </div>
    </li>
  );
});

/** Logos shown under a heading of their own (one name of a search for several). */
export type LogoGroup = {
  key: string;
  /** Names the group's list for screen readers. */
  label: string;
  /** The group's heading, whose id labels the group. */
  headingId: string;
  header: ReactNode;
  logos: readonly Logo[];
};

/**
 * Logos as a grid or a list, in one list or in groups; in batch mode a card toggles its selection
 * instead of opening. Its keyboard use (one Tab stop for every group, arrows, `d`, `c`, `x`,
 * `Shift+D`) is in docs/product.md.
 */
export function LogoCollection({
  logos,
  groups,
  layout,
  batchMode,
  isSelected,
  onOpen,
  onToggle,
  renderActions,
  renderLinks,
  shortcutActions: ShortcutActions,
  onDownloadSelection,
  label,
  cardHeadingLevel = 3,
  className,
}: {
  logos: readonly Logo[];
  /** Instead of one list: the logos in groups, each with its header (in the same order as `logos`). */
  groups?: readonly LogoGroup[];
  layout: LogoCardLayout;
  batchMode: boolean;
  isSelected: (logo: Logo) => boolean;
  onOpen: (logo: Logo) => void;
  onToggle: (logo: Logo) => void;
  renderActions?: (logo: Logo) => ReactNode;
  /** Small text actions on each card beside 'Logo history'. */
  renderLinks?: (logo: Logo) => ReactNode;
  /** Rendered for the focused logo: hands `d` and `c` the card buttons' Download and Copy SVG. */
  shortcutActions?: ComponentType<{ logo: Logo; ref: Ref<LogoShortcutHandle> }>;
  /** `Shift+D` in batch mode: the batch panel's Download Batch. */
  onDownloadSelection?: () => void;
  /** Names the list for screen readers ('Search results'). */
  label: string;
  /** The level that fits under the page's outline: 2 right under the page's h1. */
  cardHeadingLevel?: 2 | 3;
  className?: string;
}) {
  const hintId = useId();
  const shortcutHandle = useRef<LogoShortcutHandle>(null);

  const onShortcut = (shortcut: GridShortcut, logo: Logo) => {
    switch (shortcut) {
      case 'toggle':
        onToggle(logo);
        return;
      case 'download-selection':
        onDownloadSelection?.();
        return;
      case 'download':
      case 'copy': {
        const actions = shortcutHandle.current;
        // Only the focused logo's own actions: never download or copy another one by mistake.
        if (actions?.url === logo.url) actions[shortcut]();
      }
    }
  };

  const { listRef, activeItem, onFocus, onKeyDown } = useGridKeyboard({
    items: logos,
    keyOf: (logo) => logo.url,
    batchMode,
    onShortcut,
  });

  const priority = new Set(logos.slice(0, FIRST_ROW).map((logo) => logo.url));
  const list = (listLogos: readonly Logo[], listLabel: string, listClassName?: string) => (
    <ul
      aria-label={listLabel}
      aria-describedby={hintId}
      className={cn(layoutClass(layout), listClassName)}
    >
      {listLogos.map((logo) => (
        <CollectionItem
          key={logo.url}
          // The first row (three columns at most) is on screen at once: no lazy loading there.
          priority={priority.has(logo.url)}
          logo={logo}
          layout={layout}
          batchMode={batchMode}
          selected={batchMode && isSelected(logo)}
          onActivate={batchMode ? onToggle : onOpen}
          renderActions={renderActions}
          renderLinks={renderLinks}
          headingLevel={cardHeadingLevel}
        />
      ))}
    </ul>
  );

  return (
    <>
      {/* One keyboard grid over every group, so the arrows go on from one group to the next. */}
      <div ref={listRef} onFocus={onFocus} onKeyDown={onKeyDown} className={className}>
        {groups
          ? groups.map((group) => (
              <section
                key={group.key}
                aria-labelledby={group.headingId}
                className="mt-10 first:mt-0"
              >
                {group.header}
                {group.logos.length > 0 && list(group.logos, group.label, 'mt-4')}
              </section>
            ))
          : list(logos, label)}
      </div>
      <p id={hintId} hidden>
        Use the arrow keys to move between logos. Press Enter to open a logo, D to download it, C to
        copy its SVG code, and in Batch Select X to select it. Press question mark for every
        shortcut.
      </p>
      {activeItem && ShortcutActions && (
        <ShortcutActions key={activeItem.url} logo={activeItem} ref={shortcutHandle} />
      )}
    </>
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
