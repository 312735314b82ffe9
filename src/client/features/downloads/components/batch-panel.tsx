import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { Download, LoaderCircle } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import { useBatchProgress, type BatchDownload } from '../hooks/use-batch-download.ts';
import { ZIP_FORMATS, ZIP_FORMAT_LABELS } from '../zip-names.ts';
import { cn } from '#client/lib/cn.ts';
import { BatchProgress } from './batch-progress.tsx';
import { SheetOptionsButton } from './sheet-options-dialog.tsx';
import { BusyIcon } from './busy-icon.tsx';

/** The sticky site header's height: the panel counts as out of view once it is hidden behind it. */
const HEADER_OFFSET_PX = 65;

/**
 * Download Batch, reading 'Preparing Download...' while the batch runs, and disabled while nothing
 * is selected (the grid's Shift+D still says 'No logos selected').
 */
export function DownloadBatchButton({
  batch,
  selectedCount,
  size = 'sm',
  className,
}: {
  batch: Pick<BatchDownload, 'busy' | 'download'>;
  selectedCount: number;
  size?: ButtonProps['size'];
  className?: string;
}) {
  return (
    <Button
      size={size}
      onClick={() => void batch.download()}
      disabled={selectedCount === 0 && !batch.busy}
      aria-disabled={batch.busy || undefined}
      className={className}
    >
      <BusyIcon busy={batch.busy} icon={Download} />
      {batch.busy ? 'Preparing Download...' : 'Download Batch'}
    </Button>
  );
}

/** Select All and Clear: off while the batch runs or when there are no logos to act on. */
export function SelectionButton({
  batch,
  count,
  variant = 'outline',
  ...props
}: ButtonProps & { batch: Pick<BatchDownload, 'busy'>; count: number }) {
  return <Button size="sm" variant={variant} disabled={count === 0 || batch.busy} {...props} />;
}

export function ConsolidateSwitch({
  batch,
  hideDescription = false,
  className,
}: {
  batch: Pick<BatchDownload, 'consolidate' | 'setConsolidate' | 'busy'>;
  /** Keeps the explanation for screen readers only (the bottom bar). */
  hideDescription?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2.5', className)}>
      <Switch
        id={id}
        checked={batch.consolidate}
        onCheckedChange={batch.setConsolidate}
        disabled={batch.busy}
        aria-describedby={`${id}-description`}
      />
      <div className="flex min-w-0 flex-col">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium">
          Consolidate SVGs
        </label>
        <span
          id={`${id}-description`}
          className={cn('text-xs text-accent-foreground/80', hideDescription && 'sr-only')}
        >
          Combine all SVG logos into a single file!
        </span>
      </div>
    </div>
  );
}

/** What the zip holds: 'SVG', 'PNG (512 px)' or 'SVG + PNG'. */
function ZipFormatPicker({
  batch,
  className,
}: {
  batch: Pick<BatchDownload, 'zipFormat' | 'setZipFormat' | 'busy'>;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-wrap items-center gap-2.5', className)}>
      <span id={id} className="text-sm font-medium">
        Format
      </span>
      <ToggleGroup
        type="single"
        value={batch.zipFormat}
        onValueChange={(value) => {
          const format = ZIP_FORMATS.find((candidate) => candidate === value);
          if (format) batch.setZipFormat(format);
        }}
        disabled={batch.busy}
        aria-labelledby={id}
        aria-describedby={`${id}-note`}
        className="bg-background/60"
      >
        {ZIP_FORMATS.map((format) => (
          <ToggleGroupItem key={format} value={format} className="px-2.5">
            {ZIP_FORMAT_LABELS[format]}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
      <span id={`${id}-note`} className="sr-only">
        PNG files are drawn from the SVG logos; other files go in as they are.
      </span>
    </div>
  );
}

/**
 * The batch panel under the toolbar while Batch Select is on. It reports when it scrolls out of
 * view, so the page can show the fixed bottom bar instead.
 */
export function BatchPanel({
  batch,
  selectedCount,
  selectableCount,
  onSelectAll,
  loadingAll = null,
  onCancelLoadingAll,
  maxBatch,
  onClearSelection,
  onVisibilityChange,
  className,
}: {
  batch: BatchDownload;
  selectedCount: number;
  /** How many logos Select All would pick from those loaded (the currently filtered ones). */
  selectableCount: number;
  onSelectAll: () => void;
  /** While Select All loads the rest of the results: how many it has found so far. */
  loadingAll?: number | null;
  onCancelLoadingAll?: () => void;
  /** A batch's size: said when the selection reaches it. */
  maxBatch: number;
  onClearSelection: () => void;
  onVisibilityChange?: (visible: boolean) => void;
  className?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const report = useEffectEvent((visible: boolean) => onVisibilityChange?.(visible));

  useEffect(() => {
    const panel = ref.current;
    if (!panel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) report(entry.isIntersecting);
      },
      { rootMargin: `-${HEADER_OFFSET_PX}px 0px 0px 0px` },
    );
    observer.observe(panel);
    return () => {
      observer.disconnect();
      // Gone from the page (batch mode off): nothing to stand in for.
      report(true);
    };
  }, []);

  const progress = useBatchProgress(batch);
  const showProgress = batch.busy || progress > 0;

  return (
    <section
      ref={ref}
      aria-label="Batch download"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-primary/30 bg-accent px-4 py-3 text-sm text-accent-foreground',
        className,
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p aria-live="polite" className="font-medium">
          {selectedCount} selected
        </p>
        <span className="text-accent-foreground/80">Click logos to select them for a batch.</span>
        <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
          <SelectionButton
            batch={batch}
            count={loadingAll === null ? selectableCount : 0}
            onClick={onSelectAll}
          >
            Select All
          </SelectionButton>
          <SelectionButton
            batch={batch}
            count={selectedCount}
            variant="ghost"
            onClick={onClearSelection}
          >
            Clear Selection
          </SelectionButton>
          <DownloadBatchButton
            batch={batch}
            selectedCount={selectedCount}
            className="max-sm:flex-1"
          />
        </div>
      </div>

      {loadingAll !== null && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p role="status" className="flex items-center gap-2">
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
            Loading all results… {loadingAll} found so far
          </p>
          <Button size="sm" variant="link" onClick={onCancelLoadingAll}>
            Cancel
          </Button>
        </div>
      )}
      {selectedCount >= maxBatch && (
        <p className="text-accent-foreground/80">
          A batch holds at most {maxBatch} logos, so Select All stops there.
        </p>
      )}

      {showProgress && <BatchProgress value={progress} />}

      {selectedCount > 0 && (
        <div className="flex flex-wrap items-center gap-x-8 gap-y-3 border-t border-primary/20 pt-3">
          <ConsolidateSwitch batch={batch} />
          {batch.consolidate ? (
            <SheetOptionsButton batch={batch} />
          ) : (
            <ZipFormatPicker batch={batch} />
          )}
        </div>
      )}
    </section>
  );
}
