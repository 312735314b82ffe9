import { useEffect, useRef, type RefObject } from 'react';
import { useBatchProgress, type BatchDownload } from '../hooks/use-batch-download.ts';
import { ConsolidateSwitch, DownloadBatchButton, SelectionButton } from './batch-panel.tsx';
import { BatchProgress } from './batch-progress.tsx';
import { SheetOptionsButton } from './sheet-options-dialog.tsx';

/**
 * Keeps the page's end reachable while the bar is fixed over it: the body gets a bottom padding as
 * tall as the bar (the footer is outside the page's layout, so a spacer in the page would not do).
 * `--fixed-bottom-bar` lifts the toasts above the bar, off its Download Batch button.
 */
function useReserveBottomSpace(element: RefObject<HTMLElement | null>, open: boolean) {
  useEffect(() => {
    const bar = element.current;
    if (!bar) return;
    const body = document.body;
    const previous = body.style.paddingBottom;
    const root = document.documentElement;
    const apply = () => {
      body.style.paddingBottom = `${bar.offsetHeight}px`;
      root.style.setProperty('--fixed-bottom-bar', `${bar.offsetHeight}px`);
    };
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = previous;
      root.style.removeProperty('--fixed-bottom-bar');
    };
  }, [element, open]);
}

/**
 * The fixed bar at the bottom of the screen while the batch panel is scrolled out of view: the
 * count, the consolidate switch, Clear and Download Batch, with the progress along its top edge.
 */
export function BatchBottomBar({
  batch,
  open,
  selectedCount,
  onClearSelection,
}: {
  batch: BatchDownload;
  /** Batch mode is on and the panel is out of view. */
  open: boolean;
  selectedCount: number;
  onClearSelection: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useReserveBottomSpace(ref, open);
  const progress = useBatchProgress(batch);
  if (!open) return null;
  const showProgress = batch.busy || progress > 0;

  return (
    <section
      ref={ref}
      aria-label="Batch download bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-primary/30 bg-accent/95 text-accent-foreground shadow-[0_-4px_16px_-4px_rgb(0_0_0/0.12)] backdrop-blur-md supports-[backdrop-filter]:bg-accent/90"
    >
      {showProgress && (
        <BatchProgress value={progress} compact className="absolute inset-x-0 top-0" />
      )}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-5 gap-y-2.5 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6 lg:px-8">
        <div className="flex items-baseline gap-2">
          <p aria-live="polite" className="text-sm font-semibold">
            {selectedCount} selected
          </p>
          {showProgress && (
            // The progress bar above carries the value for screen readers.
            <span
              aria-hidden
              className="text-xs font-medium text-accent-foreground/80 tabular-nums"
            >
              {Math.round(progress)}% complete
            </span>
          )}
        </div>
        {selectedCount > 0 && <ConsolidateSwitch batch={batch} hideDescription />}
        <div className="flex w-full gap-2 sm:ml-auto sm:w-auto">
          <SelectionButton
            batch={batch}
            count={selectedCount}
            onClick={onClearSelection}
            className="max-sm:flex-1"
          >
            Clear
          </SelectionButton>
          {selectedCount > 0 && batch.consolidate && <SheetOptionsButton batch={batch} compact />}
          <DownloadBatchButton
            batch={batch}
            selectedCount={selectedCount}
            className="max-sm:flex-[2]"
          />
        </div>
      </div>
    </section>
  );
}
