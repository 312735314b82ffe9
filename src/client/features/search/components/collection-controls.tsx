import { useId, type ReactNode } from 'react';
import { LayoutGrid, List } from 'lucide-react';
import { Switch } from '#client/components/ui/switch.tsx';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import type { FilterKey, FilterPage, LogoFilters } from '../logo-filters.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import type { ViewMode } from '../hooks/use-view-mode.ts';
import { AdvancedFilters } from './advanced-filters.tsx';
import { FilterChips } from './filter-chips.tsx';
import { PreviewBackgroundMenu } from './preview-background-menu.tsx';
import { KeyboardShortcuts } from './shortcut-sheet.tsx';
import { cn } from '#client/lib/cn.ts';

/** The controls above a logo grid, then the batch panel (in batch mode) and the filter chips. */
export function CollectionControls({
  batchMode,
  onBatchModeChange,
  batchModeDisabled = false,
  batchPanel,
  view,
  onViewChange,
  filters,
  page,
  onFiltersChange,
  filterLogos,
  filterKeys,
  className,
}: {
  batchMode: boolean;
  /** Asked to turn batch mode on or off; the page checks the plan first. */
  onBatchModeChange: (on: boolean) => void;
  /** While the page cannot decide yet (the session is being checked). */
  batchModeDisabled?: boolean;
  batchPanel?: ReactNode;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  filters: LogoFilters;
  /** Whose wording the filters use. */
  page: FilterPage;
  onFiltersChange: (filters: LogoFilters) => void;
  /** The logos shown before filtering: filter choices none of them has are disabled. */
  filterLogos?: readonly Logo[];
  /** The filters that rule applies to. */
  filterKeys?: readonly FilterKey[];
  className?: string;
}) {
  const switchId = useId();
  return (
    <>
      <div className={cn('flex flex-col gap-3', className)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2.5">
            <Switch
              id={switchId}
              checked={batchMode}
              onCheckedChange={onBatchModeChange}
              disabled={batchModeDisabled}
            />
            <label htmlFor={switchId} className="cursor-pointer text-sm font-medium">
              Batch Select
            </label>
          </div>
          <div className="flex items-center gap-2">
            <AdvancedFilters
              filters={filters}
              page={page}
              onChange={onFiltersChange}
              logos={filterLogos}
              keys={filterKeys}
            />
            <KeyboardShortcuts className="max-sm:hidden" />
            <PreviewBackgroundMenu />
            <ToggleGroup
              type="single"
              value={view}
              aria-label="Layout"
              onValueChange={(value) => {
                // Radix lets a click on the active item clear the value; keep one layout chosen.
                if (value === 'grid' || value === 'list') onViewChange(value);
              }}
            >
              <ToggleGroupItem value="grid" aria-label="Grid view" title="Grid view">
                <LayoutGrid aria-hidden />
              </ToggleGroupItem>
              <ToggleGroupItem value="list" aria-label="List view" title="List view">
                <List aria-hidden />
              </ToggleGroupItem>
            </ToggleGroup>
          </div>
        </div>
        {batchMode && batchPanel}
      </div>
      <div className="mt-3 min-h-7">
        <FilterChips filters={filters} page={page} onChange={onFiltersChange} />
      </div>
    </>
  );
}
