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
} from '#client/features/search/components/logo-collection.tsx';
import { LogoDetailsDialog } from '#client/features/search/components/logo-details-dialog.tsx';
import { useViewMode } from '#client/features/search/hooks/use-view-mode.ts';
import {
  NO_FILTERS,
  type FilterPage,
  type LogoFilters,
} from '#client/features/search/logo-filters.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { useBatchSelection } from './batch-selection.tsx';
import { LogoShortcutActions } from './logo-shortcut-actions.tsx';

/**
 * Logos to browse, on the home page and the results page alike: controls, grid or list, details
 * dialog and batch bar. The page loads and filters the logos and says what to show instead.
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
  label,
  headingLevel,
  className,
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
  /** Names the list for screen readers. */
  label: string;
  /** The level of each card's heading (and of the empty state's) under the page's outline. */
  headingLevel: 2 | 3;
  className?: string;
  /** Below the logos (the results page's "load more"). */
  children?: ReactNode;
}) {
  const { selection, setBatchMode, batchModePending, renderPanel, bottomBar, downloadBatch } =
    useBatchSelection(page === 'home' ? 'samples' : 'search');
  const [view, setView] = useViewMode();
  const [openLogo, setOpenLogo] = useState<Logo | null>(null);

  return (
    <>
      <CollectionControls
        className={className}
        batchMode={selection.batchMode}
        onBatchModeChange={setBatchMode}
        batchModeDisabled={batchModePending}
        batchPanel={renderPanel(logos)}
        view={view}
        onViewChange={setView}
        filters={filters}
        page={page}
        onFiltersChange={onFiltersChange}
      />

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
          cardHeadingLevel={headingLevel}
          logos={shown < logos.length ? logos.slice(0, shown) : logos}
          layout={view}
          batchMode={selection.batchMode}
          isSelected={selection.isSelected}
          onOpen={setOpenLogo}
          onToggle={selection.toggle}
          renderActions={(logo) => <LogoCardActions logo={logo} />}
          shortcutActions={LogoShortcutActions}
          onDownloadSelection={downloadBatch}
        />
      )}
      {children}

      <LogoDetailsDialog
        logo={openLogo}
        onOpenChange={(open) => {
          if (!open) setOpenLogo(null);
        }}
        actions={(logo) => <LogoDialogActions logo={logo} />}
      />
      {bottomBar}
    </>
  );
}
