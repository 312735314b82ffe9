import type { Logo } from '#shared/search/search.schemas.ts';
import type { LogoFilters } from '../logo-filters.ts';
import type { useLogoSelection } from '../hooks/use-logo-selection.ts';
import type { ViewMode } from '../hooks/use-view-mode.ts';
import { AdvancedFilters, type FilterOptions } from './advanced-filters.tsx';
import { FilterChips } from './filter-chips.tsx';
import { ResultsToolbar } from './results-toolbar.tsx';

/**
 * The controls above a logo grid, the same on the home page and the results page: Batch Select
 * with Select All, Advanced Filters, grid/list, and the 'Filters:' chip line.
 */
export function CollectionControls({
  selection,
  filtered,
  view,
  onViewChange,
  filters,
  options,
  onFiltersChange,
  className,
}: {
  selection: ReturnType<typeof useLogoSelection>;
  /** The logos the filters leave: what Select All selects. */
  filtered: Logo[];
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
        batchMode={selection.batchMode}
        onBatchModeChange={selection.setBatchMode}
        selectedCount={selection.selectedCount}
        selectableCount={filtered.length}
        onSelectAll={() => selection.selectAll(filtered)}
        onClearSelection={selection.clear}
        view={view}
        onViewChange={onViewChange}
        filters={<AdvancedFilters filters={filters} options={options} onChange={onFiltersChange} />}
      />
      <div className="mt-3 min-h-7">
        <FilterChips filters={filters} options={options} onChange={onFiltersChange} />
      </div>
    </>
  );
}
