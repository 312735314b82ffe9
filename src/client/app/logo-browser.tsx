import { useState, type ReactNode } from 'react';
import { FilterX } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import {
  LogoCardActions,
  LogoDialogActions,
} from '#client/features/downloads/components/logo-file-actions.tsx';
import { CollectionControls } from '#client/features/search/components/collection-controls.tsx';
import {
  LogoCollection,
  LogoCollectionSkeleton,
  type LogoGroup,
} from '#client/features/search/components/logo-collection.tsx';
import { useLogoOnBackground } from '#client/features/search/hooks/use-preview-background.ts';
import { FavouriteButton } from '#client/features/favourites/components/favourite-button.tsx';
import {
  useFavourites,
  type Favourites,
  type FavouritesKeeper,
} from '#client/features/favourites/hooks/use-favourites.ts';
import { AddToWallButton } from '#client/features/wall/components/add-to-wall-button.tsx';
import { useViewMode } from '#client/features/search/hooks/use-view-mode.ts';
import { groupByName, type MoreResults } from '#client/features/search/load-all.ts';
import {
  NO_FILTERS,
  type FilterKey,
  type FilterPage,
  type LogoFilters,
} from '#client/features/search/logo-filters.ts';
import { lazyPart } from '#client/lib/hydration.tsx';
import type { Logo } from '#shared/search/search.schemas.ts';
import { useBatchSelection } from './batch-selection.tsx';
import { LogoShortcutActions } from './logo-shortcut-actions.tsx';
import { useViewer } from './require-user.tsx';

/**
 * A logo's actions on its card and in its detail dialog, wherever logos are listed: the file's
 * download and copy (for the file its preview shows: the dark version of a logo on a dark
 * background, so what is downloaded or copied is what is seen), the heart, and 'Add to wall'.
 */
export function CardActions({ logo, favourites }: { logo: Logo; favourites: Favourites }) {
  return (
    <div className="flex w-full gap-2">
      <LogoCardActions logo={useLogoOnBackground(logo)} />
      <FavouriteButton logo={logo} favourites={favourites} />
    </div>
  );
}
export const cardLinks = (logo: Logo) => <AddToWallButton logo={logo} variant="link" />;
export function DialogActions({ logo, favourites }: { logo: Logo; favourites: Favourites }) {
  return (
    <>
      <FavouriteButton logo={logo} favourites={favourites} size="lg" className="w-full" />
      <LogoDialogActions logo={useLogoOnBackground(logo)} />
      <AddToWallButton logo={logo} className="self-start" />
    </>
  );
}

// The dialog's code (its preview, facts, exports) loads when a logo is first opened, not with the page.
const loadDetailsDialog = async () =>
  (await import('#client/features/search/components/logo-details-dialog.tsx')).LogoDetailsDialog;
const LogoDetailsDialog = lazyPart(loadDetailsDialog);

/** The id of the heading of the group of `index`th name (the results page's chips jump to it). */
export const groupHeadingId = (index: number) => `results-group-${index}`;

/** Favourites are kept on the account when someone is signed in, else in this browser. */
export function useFavouritesKeeper(): FavouritesKeeper {
  const viewer = useViewer();
  return viewer === 'loading' ? 'loading' : viewer === 'guest' ? 'browser' : 'account';
}

/** What the page shows with the selection (the favourites tab's wall link). */
export type SelectionActions = (selection: {
  batchMode: boolean;
  selected: readonly Logo[];
}) => ReactNode;

/** '7 logos', '1 logo', or '12+ logos' while more can load. */
function groupCount(count: number, more: boolean): string {
  if (more) return count === 0 ? 'None yet' : `${count}+ logos`;
  if (count === 0) return 'No logos';
  return count === 1 ? '1 logo' : `${count} logos`;
}

/**
 * Logos to browse, on the home page and the results page alike: controls, grid or list (grouped by
 * name for a search for several names), details dialog and batch bar. The page loads and filters
 * the logos and says what to show instead.
 */
export function LogoBrowser({
  page,
  logos,
  shown = logos.length,
  pending,
  fallback,
  skeletonCount,
  filters,
  onFiltersChange,
  filterLogos = [],
  filterKeys,
  names,
  more,
  label,
  headingLevel,
  className,
  selectionActions,
  children,
}: {
  page: FilterPage;
  /** The logos that pass the filters. */
  logos: readonly Logo[];
  /** How many of them are on screen (the results page reveals them as the visitor scrolls). */
  shown?: number;
  pending: boolean;
  /** Shown instead of the logos when they could not be loaded or there are none. */
  fallback?: ReactNode;
  /** Stand-in cards in the grid while loading. */
  skeletonCount: number;
  filters: LogoFilters;
  onFiltersChange: (filters: LogoFilters) => void;
  /** The logos the filter choices are weighed against (those loaded, before filtering); none: no choice is disabled. */
  filterLogos?: readonly Logo[];
  /** The filters whose choices that no logo has are disabled (all of them by default). */
  filterKeys?: readonly FilterKey[];
  /** The names searched for: with more than one, the logos are grouped by name. */
  names?: readonly string[];
  /** What the server can still send: Select All loads it first. */
  more?: MoreResults;
  /** Names the list for screen readers. */
  label: string;
  /** The level of each card's heading (and of the empty state's) under the page's outline. */
  headingLevel: 2 | 3;
  className?: string;
  /** Between the controls and the logos. */
  selectionActions?: SelectionActions;
  /** Below the logos (the results page's "load more"). */
  children?: ReactNode;
}) {
  const {
    selection,
    setBatchMode,
    batchModePending,
    panel,
    bottomBar,
    selectAllOf,
    loadingAll,
    downloadBatch,
  } = useBatchSelection(page === 'home' ? 'samples' : 'search', logos, more);
  const [view, setView] = useViewMode();
  const [openLogo, setOpenLogo] = useState<Logo | null>(null);
  // Mounted from the first opening on, so it can play its closing animation.
  const [dialogMounted, setDialogMounted] = useState(false);
  if (openLogo && !dialogMounted) setDialogMounted(true);
  const favourites = useFavourites(useFavouritesKeeper());

  const visible = shown < logos.length ? logos.slice(0, shown) : logos;
  const grouped = names !== undefined && names.length > 1;
  const groups: LogoGroup[] | undefined = grouped
    ? groupByName(visible, names).map(({ name, logos: found }, index) => {
        const count = logos.filter((logo) => logo.searchTerm === name).length;
        const Heading = headingLevel === 2 ? 'h2' : 'h3';
        return {
          key: name,
          label: `Results for ${name}`,
          headingId: groupHeadingId(index),
          logos: found,
          header: (
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b pb-3">
              <div className="flex items-baseline gap-3">
                {/* Focusable from script only: the chips above the results jump here. */}
                <Heading
                  id={groupHeadingId(index)}
                  tabIndex={-1}
                  className="scroll-mt-24 text-xl font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                >
                  {name}
                </Heading>
                <span className="text-sm text-muted-foreground">
                  {groupCount(count, more?.hasMore ?? false)}
                </span>
              </div>
              {selection.batchMode && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={loadingAll || count === 0}
                  onClick={() => selectAllOf(name)}
                >
                  Select all of {name}
                </Button>
              )}
            </div>
          ),
        };
      })
    : undefined;

  return (
    <>
      <CollectionControls
        className={className}
        batchMode={selection.batchMode}
        onBatchModeChange={setBatchMode}
        batchModeDisabled={batchModePending}
        batchPanel={panel}
        view={view}
        onViewChange={setView}
        filters={filters}
        page={page}
        onFiltersChange={onFiltersChange}
        filterLogos={pending ? [] : filterLogos}
        filterKeys={filterKeys}
      />

      {selectionActions?.({ batchMode: selection.batchMode, selected: selection.selectedLogos })}

      {pending ? (
        <LogoCollectionSkeleton
          className="mt-4"
          layout={view}
          count={view === 'grid' ? skeletonCount : 4}
        />
      ) : fallback ? (
        fallback
      ) : logos.length === 0 ? (
        <EmptyState
          className="mt-4"
          icon={<FilterX />}
          headingLevel={headingLevel}
          title="No logos match your filters"
          description="Try another file type, date or license, or clear the filters to see every logo."
        >
          <Button onClick={() => onFiltersChange(NO_FILTERS)}>Clear Filters</Button>
        </EmptyState>
      ) : (
        <LogoCollection
          className="mt-4"
          label={label}
          cardHeadingLevel={grouped ? 3 : headingLevel}
          logos={groups ? groups.flatMap((group) => group.logos) : visible}
          groups={groups}
          layout={view}
          batchMode={selection.batchMode}
          isSelected={selection.isSelected}
          onOpen={setOpenLogo}
          onToggle={selection.toggle}
          renderActions={(logo) => <CardActions logo={logo} favourites={favourites} />}
          renderLinks={cardLinks}
          shortcutActions={LogoShortcutActions}
          onDownloadSelection={downloadBatch}
        />
      )}
      {children}

      {dialogMounted && (
        <LogoDetailsDialog
          logo={openLogo}
          onOpenChange={(open) => {
            if (!open) setOpenLogo(null);
          }}
          actions={(logo) => <DialogActions logo={logo} favourites={favourites} />}
        />
      )}
      {bottomBar}
    </>
  );
}
