import { useId, useState } from 'react';
import { Crown, FileArchive, FileCode2, Image, Quote } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { copyText } from '../clipboard.ts';
import {
  MAX_COMPOSITION_PNG_WIDTH,
  compositionCredits,
  parsePngWidth,
  useCompositionExport,
  type Composition,
  type CompositionOutput,
} from '../hooks/use-composition-export.ts';
import { BatchProgress } from './batch-progress.tsx';
import { BusyIcon } from './busy-icon.tsx';

const DEFAULT_PNG_WIDTH = 2000;

const OUTPUTS = [
  { output: 'svg', label: 'Download SVG', icon: FileCode2 },
  { output: 'png', label: 'Download PNG', icon: Image },
  { output: 'zip', label: 'Download files (.zip)', icon: FileArchive },
] as const satisfies readonly {
  output: CompositionOutput;
  label: string;
  icon: typeof FileCode2;
}[];

/**
 * A composition's downloads (Premium: the server decides when the logos are recorded) and its
 * credit lines: one SVG with them in <metadata>, a PNG up to 8,000 px wide, or a zip of the
 * files with ATTRIBUTION.md; 'Copy credits' is for everyone.
 */
export function CompositionExport({ composition }: { composition: Composition }) {
  const { run, busy, progress, output: running } = useCompositionExport();
  const percent = progress.use();
  const [widthText, setWidthText] = useState(String(DEFAULT_PNG_WIDTH));
  const width = parsePngWidth(widthText);
  const widthId = useId();
  const widthHintId = useId();
  const headingId = useId();
  const empty = composition.logos.length === 0;

  const copyCredits = async () => {
    try {
      await copyText(compositionCredits(composition.logos.map(({ logo }) => logo)));
      toast({ title: 'Credits copied', description: 'One credit line per logo, in wall order.' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not copy the credits',
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border bg-card p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Export
        </h2>
        <Badge variant="accent">
          <Crown aria-hidden />
          Premium
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Each export carries the logos’ credit lines and licenses: in the SVG’s metadata, and as
        ATTRIBUTION.md in the zip.
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={widthId} className="text-xs font-medium">
          PNG width (px)
        </label>
        <Input
          id={widthId}
          inputMode="numeric"
          value={widthText}
          onChange={(event) => setWidthText(event.target.value)}
          aria-invalid={width === null ? true : undefined}
          aria-describedby={widthHintId}
          className="max-w-40"
        />
        <p
          id={widthHintId}
          className={
            width === null
              ? 'text-sm text-red-700 dark:text-red-300'
              : 'text-xs text-muted-foreground'
          }
        >
          {width === null
            ? `Enter a whole number of pixels from 100 to ${MAX_COMPOSITION_PNG_WIDTH.toLocaleString('en-US')}.`
            : `Up to ${MAX_COMPOSITION_PNG_WIDTH.toLocaleString('en-US')} px; the height follows the wall.`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {OUTPUTS.map(({ output, label, icon }) => (
          <Button
            key={output}
            variant={output === 'svg' ? 'primary' : 'outline'}
            disabled={empty || (output === 'png' && width === null)}
            aria-disabled={busy || undefined}
            onClick={() => void run(composition, output, width ?? DEFAULT_PNG_WIDTH)}
          >
            <BusyIcon busy={busy && running === output} icon={icon} />
            {label}
          </Button>
        ))}
        <Button variant="ghost" disabled={empty} onClick={() => void copyCredits()}>
          <Quote aria-hidden />
          Copy credits
        </Button>
      </div>
      {busy && percent > 0 && <BatchProgress value={percent} label="Export progress" />}
    </section>
  );
}
