import { useMemo, useState } from 'react';
import { ImageOff, RotateCcw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import {
  LogoCardActions,
  LogoDialogActions,
} from '#client/features/downloads/components/logo-file-actions.tsx';
import { useSamples } from '#client/features/search/api/get-samples.ts';
import { HOME_FILTER_OPTIONS } from '#client/features/search/components/advanced-filters.tsx';
import {
  LogoCollection,
  LogoCollectionSkeleton,
} from '#client/features/search/components/logo-collection.tsx';
import { LogoDetailsDialog } from '#client/features/search/components/logo-details-dialog.tsx';
import { NoFilterMatches } from '#client/features/search/components/no-filter-matches.tsx';
import { CollectionControls } from '#client/features/search/components/collection-controls.tsx';
import { useViewMode } from '#client/features/search/hooks/use-view-mode.ts';
import { filterLogos, NO_FILTERS, type LogoFilters } from '#client/features/search/logo-filters.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { useBatchSelection } from '#client/app/batch-selection.tsx';
import { LogoShortcutActions } from '#client/app/logo-shortcut-actions.tsx';

/**
 * The body of 'Popular Logo Examples' on the home page: nine logos from WikiLogos' own catalogue,
 * so the page shows real logos even when Wikimedia is unreachable. The Advanced Filters, Batch
 * Select (with the batch panel; the zip is WikiLogos_batch_download.zip here) and the layout
 * toggle work on them as on the results page.
 *
 * Loaded after the hero (it is below the fold): the filters, the dialog and the data layer stay
 * out of the home page's first download.
 */
export function PopularLogos({
  filters,
  onFiltersChange,
}: {
  filters: LogoFilters;
  onFiltersChange: (filters: LogoFilters) => void;
}) {
  const samples = useSamples();
  const logos = useMemo(() => samples.data?.logos ?? [], [samples.data]);
  const filtered = useMemo(() => filterLogos(logos, filters), [logos, filters]);
  const { selection, setBatchMode, batchModePending, renderPanel, bottomBar, downloadBatch } =
    useBatchSelection('samples');
  const [view, setView] = useViewMode();
  const [openLogo, setOpenLogo] = useState<Logo | null>(null);

  return (
    <>
      <CollectionControls
        className="mt-8"
        batchMode={selection.batchMode}
        onBatchModeChange={setBatchMode}
        batchModeDisabled={batchModePending}
        batchPanel={renderPanel(filtered)}
        view={view}
        onViewChange={setView}
        filters={filters}
        options={HOME_FILTER_OPTIONS}
        onFiltersChange={onFiltersChange}
      />

      {samples.isPending ? (
        <LogoCollectionSkeleton className="mt-4" layout={view} count={view === 'grid' ? 9 : 4} />
      ) : samples.isError ? (
        <EmptyState
          className="mt-4"
          headingLevel={3}
          icon={<ImageOff />}
          title="The examples could not be loaded"
          description={samples.error.message}
        >
          <Button variant="outline" onClick={() => void samples.refetch()}>
            <RotateCcw aria-hidden />
            Try again
          </Button>
        </EmptyState>
      ) : filtered.length === 0 ? (
        <NoFilterMatches
          className="mt-4"
          headingLevel={3}
          onClearFilters={() => onFiltersChange(NO_FILTERS)}
        />
      ) : (
        <LogoCollection
          className="mt-4"
          label="Popular logo examples"
          logos={filtered}
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
