import type { ReactNode } from 'react';
import type { LogoFilters } from '../logo-filters.ts';
import type { ViewMode } from '../hooks/use-view-mode.ts';
import { AdvancedFilters, type FilterOptions } from './advanced-filters.tsx';
import { FilterChips } from './filter-chips.tsx';
import { ResultsToolbar } from './results-toolbar.tsx';
import { KeyboardShortcuts } from './shortcut-sheet.tsx';

/**
 * The controls above a logo grid, the same on the home page and the results page: Batch Select
 * (with the batch panel the page composes from the downloads feature), Advanced Filters,
 * Keyboard shortcuts (hidden on phones, where '?' still opens it), grid/list, and the 'Filters:'
 * chip line.
 */
export function CollectionControls({
  batchMode,
  onBatchModeChange,
  batchModeDisabled,
  batchPanel,
  view,
  onViewChange,
  filters,
  options,
  onFiltersChange,
  className,
}: {
  batchMode: boolean;
  /** Asked to turn batch mode on or off; the page checks the plan first. */
  onBatchModeChange: (on: boolean) => void;
  /** While the page cannot decide yet (the session is being checked). */
  batchModeDisabled?: boolean;
  /** Shown under the toolbar while batch mode is on. */
  batchPanel?: ReactNode;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  filters: LogoFilters;
  options: FilterOptions;
  onFiltersChange: (filters: LogoFilters) => void;
  className?: string;
}) {
  return (
    <>
      <ResultsToolbar
        className={className}
        batchMode={batchMode}
        onBatchModeChange={onBatchModeChange}
        batchModeDisabled={batchModeDisabled}
        batchPanel={batchPanel}
        view={view}
        onViewChange={onViewChange}
        filters={
          <>
            <AdvancedFilters filters={filters} options={options} onChange={onFiltersChange} />
            <KeyboardShortcuts className="max-sm:hidden" />
          </>
        }
      />
      <div className="mt-3 min-h-7">
        <FilterChips filters={filters} options={options} onChange={onFiltersChange} />
      </div>
    </>
  );
}
