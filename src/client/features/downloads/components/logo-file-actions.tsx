import { useId, useState } from 'react';
import { Check, Copy, Crown, Download, Quote } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import { openUpgradeDialog } from '#client/components/ui/use-upgrade-dialog.ts';
import { ActionLabel, BusyIcon } from './busy-icon.tsx';
import { CopyMenu } from './copy-menu.tsx';
import { DownloadAllowance } from './download-allowance.tsx';
import { GeneratedInverse } from './generated-inverse.tsx';
import { RasterExport } from './raster-export.tsx';
import { useCheckLimit } from '../api/check-limit.ts';
import { describeAllowance, LIMIT_REACHED_PROMPT, type Allowance } from '../allowance.ts';
import { ATTRIBUTION_FORMATS, formatAttribution, type AttributionFormat } from '../attribution.ts';
import { ATTRIBUTION_COPY_FORMATS } from '../copy/copy-formats.ts';
import { useCopySvg, type CopyState } from '../hooks/use-copy-svg.ts';
import {
  useLogoDownload,
  type DownloadableLogo,
  type DownloadContext,
} from '../hooks/use-logo-download.ts';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

type ActionSize = Extract<ButtonProps['size'], 'sm' | 'md' | 'lg'>;

const COPY_BUSY: Record<CopyState, string | null> = {
  idle: null,
  copying: 'Copying...',
  copied: 'Copied!',
};

/**
 * Download (or the history's Download Again), through the one download flow. At the limit it says
 * so before any click (the prompt is its tooltip, and its description unless `describedBy` names a
 * line that says it) and opens the upgrade dialog instead of fetching a file the server would
 * refuse. One button either way, so focus stays on it when the allowance runs out.
 */
export function DownloadButton({
  logo,
  context,
  label = 'Download',
  size = 'sm',
  variant = 'primary',
  className,
  limited = false,
  describedBy,
}: {
  logo: DownloadableLogo;
  context?: DownloadContext;
  label?: string;
  size?: ActionSize;
  variant?: ButtonProps['variant'];
  className?: string;
  /** Nothing left to download (see `isLimited`). */
  limited?: boolean;
  describedBy?: string;
}) {
  const { download, isDownloading } = useLogoDownload(logo, context);
  const promptId = useId();
  const atLimit = limited && !isDownloading;
  const ownPrompt = atLimit && !describedBy;
  return (
    <>
      <Button
        size={size}
        variant={atLimit ? 'outline' : variant}
        title={atLimit ? LIMIT_REACHED_PROMPT : undefined}
        // aria-disabled rather than disabled while busy: focus stays on the button; the click is
        // ignored here (pointer events are off in the styles).
        onClick={() => {
          if (atLimit) openUpgradeDialog({ reason: LIMIT_REACHED_PROMPT });
          else if (!isDownloading) download();
        }}
        aria-disabled={isDownloading || undefined}
        aria-describedby={ownPrompt ? promptId : describedBy}
        className={className}
      >
        {atLimit ? (
          <>
            <Crown aria-hidden />
            {/* The name keeps 'Download {title}' as every Download's, and ends with what shows. */}
            <span>
              <span className="sr-only">Download {logo.title}: </span>
              Limit reached
            </span>
          </>
        ) : (
          <>
            <BusyIcon busy={isDownloading} icon={Download} />
            <ActionLabel
              busy={isDownloading ? 'Downloading...' : null}
              idle={label}
              title={logo.title}
            />
          </>
        )}
      </Button>
      {ownPrompt && (
        <span id={promptId} hidden>
          {LIMIT_REACHED_PROMPT}
        </span>
      )}
    </>
  );
}

function CopyIcon({ state }: { state: CopyState }) {
  return <BusyIcon busy={state === 'copying'} icon={state === 'copied' ? Check : Copy} />;
}

/**
 * Copy SVG, or Copy image for a raster logo (which has no SVG code), with the copy menu (every
 * other format, and the credit line) beside it.
 */
function CopySvgButton({
  logo,
  size = 'sm',
  variant = 'outline',
  className,
}: {
  logo: Logo;
  size?: ActionSize;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const { copy, copyAs, state, svg } = useCopySvg(logo);
  return (
    <div className={cn('flex min-w-0', className)}>
      <Button
        size={size}
        variant={variant}
        onClick={() => void copy()}
        aria-disabled={state === 'copying' || undefined}
        className="min-w-0 flex-1 rounded-r-none px-2.5"
      >
        <CopyIcon state={state} />
        <ActionLabel
          busy={COPY_BUSY[state]}
          idle={svg ? 'Copy SVG' : 'Copy image'}
          title={logo.title}
        />
      </Button>
      <CopyMenu
        title={logo.title}
        svg={svg}
        onCopy={(format) => void copyAs(format)}
        size={size}
        variant={variant}
        className="-ml-px rounded-l-none"
      />
    </div>
  );
}

/** Whether the allowance leaves nothing to download (for this logo, when it was asked about). */
const isLimited = (allowance: Allowance | null) => allowance?.kind === 'blocked';

/** Copy SVG and Download, as on every logo card. */
export function LogoCardActions({ logo }: { logo: Logo }) {
  // One check for the whole page (every card shares the query): at the limit, every card's
  // Download says so. A logo already downloaded this period can still be had from its dialog.
  const limit = useCheckLimit();
  const limited = isLimited(limit.data ? describeAllowance(limit.data) : null);
  return (
    <div className="flex w-full gap-2">
      {/* Never narrower than its label and menu button (the list layout gives actions 19rem, the heart included). */}
      <CopySvgButton logo={logo} className="min-w-fit flex-1" />
      <DownloadButton logo={logo} limited={limited} className="flex-1 px-2.5" />
    </div>
  );
}

/**
 * The detail dialog's actions: Download, Copy SVG with its menu, and the credit line (Commons asks
 * for title, author, source and license) as plain text, HTML or Markdown, with 'Copy attribution'.
 */
export function LogoDialogActions({ logo }: { logo: Logo }) {
  const [creditFormat, setCreditFormat] = useState<AttributionFormat>('text');
  const credit = formatAttribution(logo, creditFormat);
  const headingId = useId();
  const { copyAs, state } = useCopySvg(logo);
  const allowanceId = useId();
  // Checked when the dialog opens and again after each download (the download invalidates it).
  const limit = useCheckLimit({ logoUrl: logo.url });
  const allowance = limit.data ? describeAllowance(limit.data) : null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-2.5">
          <DownloadButton
            logo={logo}
            size="lg"
            limited={isLimited(allowance)}
            describedBy={allowance ? allowanceId : undefined}
          />
          <CopySvgButton logo={logo} size="lg" />
        </div>
        <DownloadAllowance id={allowanceId} allowance={allowance} />
        {logo.fileType === 'svg' && (
          <RasterExport
            logo={logo}
            blocked={isLimited(allowance)}
            describedBy={allowance ? allowanceId : undefined}
          />
        )}
      </div>

      <GeneratedInverse logo={logo} />

      <section aria-labelledby={headingId} className="rounded-xl border bg-surface p-4">
        <div className="flex items-center justify-between gap-3">
          <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
            <Quote aria-hidden className="size-4 text-muted-foreground" />
            Credit line
          </h3>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void copyAs({ kind: 'attribution', format: creditFormat })}
            aria-disabled={state === 'copying' || undefined}
          >
            <CopyIcon state={state} />
            {COPY_BUSY[state] ?? 'Copy attribution'}
          </Button>
        </div>
        <ToggleGroup
          type="single"
          value={creditFormat}
          aria-label="Credit line format"
          className="mt-3"
          onValueChange={(value) => {
            // Radix lets a click on the active item clear the value; keep one format chosen.
            const format = ATTRIBUTION_FORMATS.find((id) => id === value);
            if (format) setCreditFormat(format);
          }}
        >
          {ATTRIBUTION_COPY_FORMATS.map((format) => (
            <ToggleGroupItem key={format.id} value={format.id} className="h-7 px-2.5 text-xs">
              {format.label}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
        <p
          className={cn(
            'mt-2 rounded-lg bg-background px-3 py-2.5 font-mono text-xs/5 break-words text-foreground',
            'border select-all',
          )}
        >
          {credit}
        </p>
        <p className="mt-2 text-xs/5 text-muted-foreground">
          Keep the original name, link to the source page, state the license and credit the creator.
        </p>
      </section>
    </div>
  );
}
