import { useId, type ReactNode } from 'react';
import { LayoutGrid, List } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import type { ViewMode } from '../hooks/use-view-mode.ts';
import { cn } from '#client/lib/cn.ts';

/**
 * Above a set of logos: the Batch Select switch (with Select All, the selected count and Clear
 * Selection while it is on), the filters the page passes in, and the grid/list toggle.
 */
export function ResultsToolbar({
  batchMode,
  onBatchModeChange,
  selectedCount,
  selectableCount,
  onSelectAll,
  onClearSelection,
  view,
  onViewChange,
  filters,
  className,
}: {
  batchMode: boolean;
  onBatchModeChange: (on: boolean) => void;
  selectedCount: number;
  /** How many logos Select All would pick (the currently filtered ones). */
  selectableCount: number;
  onSelectAll: () => void;
  onClearSelection: () => void;
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  filters?: ReactNode;
  className?: string;
}) {
  const switchId = useId();
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2.5">
          <Switch id={switchId} checked={batchMode} onCheckedChange={onBatchModeChange} />
          <label htmlFor={switchId} className="cursor-pointer text-sm font-medium">
            Batch Select
          </label>
        </div>
        <div className="flex items-center gap-2">
          {filters}
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

      {batchMode && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-primary/30 bg-accent px-4 py-2.5 text-sm text-accent-foreground">
          <p aria-live="polite" className="font-medium">
            {selectedCount} selected
          </p>
          <span className="text-accent-foreground/80">Click logos to select them for a batch.</span>
          <div className="ml-auto flex gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={onSelectAll}
              disabled={selectableCount === 0}
            >
              Select All
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={onClearSelection}
              disabled={selectedCount === 0}
            >
              Clear Selection
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
