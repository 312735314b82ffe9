import { useId, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, LoaderCircle, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import {
  ChoiceField,
  checkerboardStyle,
  type Choice,
} from '#client/components/ui/choice-field.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import {
  SHEET_CELL_SIZES,
  SHEET_MAX_COLUMNS,
  type SheetBackground,
} from '../sheet/sheet-options.ts';
import { useBatchProgress, type BatchDownload } from '../hooks/use-batch-download.ts';
import {
  DEFAULT_SHEET_CHOICE,
  buildSheet,
  fetchSvgSources,
  sheetOptionsOf,
  svgLogosOf,
  type SheetChoice,
} from '../hooks/use-consolidate.ts';
import { sheetRasterWidth } from '../raster/raster-plan.ts';
import { BatchProgress } from './batch-progress.tsx';
import { plural } from '../hooks/batch-messages.ts';
import { BusyIcon } from './busy-icon.tsx';

type SheetBatch = Pick<
  BatchDownload,
  'selected' | 'sheetChoice' | 'setSheetChoice' | 'download' | 'busy' | 'progress'
>;

const COLUMNS = Array.from({ length: SHEET_MAX_COLUMNS }, (_, index) => ({
  value: index + 1,
  label: index + 1,
  name: plural(index + 1, 'column', 'columns'),
}));
const CELL_SIZES = SHEET_CELL_SIZES.map((size) => ({ value: size, label: `${size} px` }));
const BACKGROUNDS: Choice<SheetBackground>[] = [
  { value: 'white', label: 'White' },
  { value: 'transparent', label: 'Transparent' },
  { value: 'dark', label: 'Dark' },
];
const OUTPUTS: Choice<SheetChoice['output']>[] = [
  { value: 'svg', label: 'SVG' },
  { value: 'png', label: 'PNG' },
];

/**
 * Two queries: the SVG sources, fetched once per opening (Download refetches them from the
 * browser's cache), and the real sheet laid out from them for every choice, shown as a data: URL.
 * gcTime 0 drops both when the dialog closes, so each opening starts afresh.
 */
function useSheetPreview(batch: SheetBatch) {
  const logos = svgLogosOf(batch.selected);
  const urls = logos.map((logo) => logo.url);
  const [loading, setLoading] = useState({ done: 0, total: logos.length });
  const sources = useQuery({
    queryKey: ['sheet-preview', 'sources', urls],
    queryFn: ({ signal }) => fetchSvgSources(logos, { signal, onProgress: setLoading }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const { columns, cellSize, captions, background } = batch.sheetChoice;
  const options = sheetOptionsOf({ columns, cellSize, captions, background });
  const sheet = useQuery({
    queryKey: ['sheet-preview', 'sheet', urls, options],
    queryFn: ({ signal }) => buildSheet(sources.data!, options, signal),
    enabled: sources.isSuccess,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // The last preview stays up while the next choice is laid out.
    placeholderData: keepPreviousData,
  });

  // Encoded once per sheet, not on every render (the progress bar re-renders often).
  const svg = sheet.data?.svg;
  const url = useMemo(
    () => (svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null),
    [svg],
  );

  if (sources.isError || sheet.isError) return { state: 'failed' } as const;
  if (!sheet.data) return { state: 'loading', ...loading } as const;
  const { width, height, included, skipped } = sheet.data;
  return { state: 'ready', url, width, height, included, skipped: skipped.length } as const;
}

/**
 * The sheet dialog's content, with a live preview of the real sheet; Download sheet runs the
 * batch's consolidation. The choices stay for the next Download Batch.
 */
function SheetOptionsBody({ batch, onDone }: { batch: SheetBatch; onDone: () => void }) {
  const id = useId();
  const progress = useBatchProgress(batch);
  const preview = useSheetPreview(batch);
  const choice = batch.sheetChoice;
  const change = (patch: Partial<SheetChoice>) => batch.setSheetChoice({ ...choice, ...patch });
  const nonSvg = batch.selected.length - svgLogosOf(batch.selected).length;
  const isDefault = (Object.keys(DEFAULT_SHEET_CHOICE) as (keyof SheetChoice)[]).every(
    (key) => choice[key] === DEFAULT_SHEET_CHOICE[key],
  );

  const ready = preview.state === 'ready' ? preview : null;
  const pngWidth = ready ? sheetRasterWidth(ready) : 0;
  const outputSize = ready
    ? choice.output === 'png'
      ? `PNG, ${pngWidth} × ${Math.round((pngWidth * ready.height) / ready.width)} px`
      : `SVG, ${ready.width} × ${ready.height} px`
    : null;

  const field = <K extends 'columns' | 'cellSize' | 'background' | 'output'>(
    key: K,
    label: string,
    choices: readonly Choice<SheetChoice[K]>[],
    className?: string,
    itemClassName?: string,
  ) => (
    <ChoiceField
      labelId={`${id}-${key}`}
      label={label}
      value={choice[key]}
      choices={choices}
      onChange={(value) => change({ [key]: value })}
      className={className}
      itemClassName={itemClassName}
    />
  );

  const downloadSheet = async () => {
    if (batch.busy) return;
    if (await batch.download()) onDone();
  };

  return (
    <>
      {/* Above both columns: the close button sits in its corner, never over the preview. */}
      <div className="flex flex-col gap-2 border-b p-4 pr-14 sm:px-6">
        <DialogTitle>Sheet options</DialogTitle>
        <DialogDescription>
          Lay out the{' '}
          {plural(batch.selected.length - nonSvg, 'selected SVG logo', 'selected SVG logos')} on one
          sheet.
          {nonSvg > 0 &&
            ` ${plural(nonSvg, 'logo is', 'logos are')} not SVG and ${nonSvg === 1 ? 'is' : 'are'} left out.`}
        </DialogDescription>
      </div>
      <div className="grid md:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)] md:divide-x">
        <div className="flex flex-col gap-3 border-b p-4 sm:p-6 md:border-b-0">
          <div
            className="flex min-h-48 items-center justify-center overflow-hidden rounded-xl border p-3 sm:min-h-64"
            style={checkerboardStyle(16)}
          >
            {preview.state === 'loading' && (
              <p
                role="status"
                className="flex items-center gap-2 rounded-lg bg-background/90 px-3 py-2 text-sm"
              >
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
                Loading the logos ({preview.done} of {preview.total})...
              </p>
            )}
            {(preview.state === 'failed' || (ready && !ready.url)) && (
              <p className="rounded-lg bg-background/90 px-3 py-2 text-sm">
                {ready
                  ? 'None of the selected logos could be read as SVG.'
                  : 'The preview could not be made. You can still download the sheet.'}
              </p>
            )}
            {ready?.url && (
              <img
                src={ready.url}
                alt={`Preview of the sheet: ${plural(ready.included, 'logo', 'logos')} in ${plural(Math.min(choice.columns, ready.included), 'column', 'columns')}${choice.captions ? ' with titles' : ''}`}
                width={ready.width}
                height={ready.height}
                className="h-auto max-h-[min(28rem,50dvh)] w-auto max-w-full object-contain shadow-sm"
              />
            )}
          </div>
          {ready?.url && (
            <p className="text-xs/5 text-muted-foreground" aria-live="polite">
              {outputSize}
              {ready.skipped > 0 &&
                ` · ${plural(ready.skipped, 'logo', 'logos')} could not be read and ${ready.skipped === 1 ? 'is' : 'are'} left out`}
            </p>
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-5 p-4 pt-5 sm:p-6">
          {field('columns', 'Columns', COLUMNS, 'flex-wrap', '')}
          {field('cellSize', 'Cell size', CELL_SIZES, 'flex-wrap', 'px-2.5')}

          <div className="flex items-center gap-3">
            <Switch
              id={`${id}-captions`}
              checked={choice.captions}
              onCheckedChange={(captions) => change({ captions })}
              aria-describedby={`${id}-captions-note`}
            />
            <div className="flex flex-col">
              <label htmlFor={`${id}-captions`} className="cursor-pointer text-sm font-medium">
                Captions
              </label>
              <span id={`${id}-captions-note`} className="text-xs text-muted-foreground">
                Each logo’s title under it
              </span>
            </div>
          </div>

          {field('background', 'Background', BACKGROUNDS)}
          {field('output', 'Output', OUTPUTS)}

          {(batch.busy || progress > 0) && (
            <BatchProgress value={progress} label="Sheet progress" />
          )}

          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-4">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => batch.setSheetChoice(DEFAULT_SHEET_CHOICE)}
              disabled={isDefault}
            >
              <RotateCcw aria-hidden />
              Restore defaults
            </Button>
            <Button
              onClick={() => void downloadSheet()}
              aria-disabled={batch.busy || undefined}
              className="max-sm:flex-1"
            >
              <BusyIcon busy={batch.busy} icon={Download} />
              {batch.busy ? 'Preparing Sheet...' : 'Download sheet'}
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}

/** 'Sheet options' beside the consolidate switch: opens the dialog. */
export function SheetOptionsButton({
  batch,
  compact = false,
  className,
}: {
  batch: SheetBatch;
  /** Only the icon on a phone (the bottom bar); the name stays for screen readers. */
  compact?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        disabled={batch.busy && !open}
        title={compact ? 'Sheet options' : undefined}
        className={className}
      >
        <SlidersHorizontal aria-hidden />
        <span className={compact ? 'max-sm:sr-only' : undefined}>Sheet options</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel="Close sheet options" className="max-w-4xl">
          <SheetOptionsBody batch={batch} onDone={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
