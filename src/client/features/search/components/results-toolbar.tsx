import { useId, type ReactNode } from 'react';
import { LayoutGrid, List } from 'lucide-react';
import { Switch } from '#client/components/ui/switch.tsx';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import { PreviewBackgroundMenu } from './preview-background-menu.tsx';
import type { ViewMode } from '../hooks/use-view-mode.ts';
import { cn } from '#client/lib/cn.ts';

/**
 * Above a set of logos: the Batch Select switch, the filters the page passes in, the preview
 * background and the grid/list toggle; under them, while batch mode is on, the batch panel the
 * page passes in (selected count, Select All, Clear Selection, Download Batch).
 */
export function ResultsToolbar({
  batchMode,
  onBatchModeChange,
  batchModeDisabled = false,
  batchPanel,
  view,
  onViewChange,
  filters,
  className,
}: {
  batchMode: boolean;
  /** Asked to turn batch mode on or off; the page decides (batch mode is Premium). */
  onBatchModeChange: (on: boolean) => void;
  /** While the page cannot answer yet (the session is being checked). */
  batchModeDisabled?: boolean;
  /** Shown while batch mode is on. */
  batchPanel?: ReactNode;
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
          {filters}
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
  );
}
