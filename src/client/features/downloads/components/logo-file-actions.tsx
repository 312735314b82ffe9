import { useId } from 'react';
import { Check, Copy, Download, LoaderCircle, Quote } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { creditLine } from '../attribution.ts';
import { copyText } from '../clipboard.ts';
import { useCopyState, type CopyState } from '../hooks/use-copy-state.ts';
import { useCopySvg } from '../hooks/use-copy-svg.ts';
import { useLogoDownload } from '../hooks/use-logo-download.ts';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

type ActionSize = Extract<ButtonProps['size'], 'sm' | 'md' | 'lg'>;

/** The logo's title for screen readers, so ten 'Download' buttons on a page can be told apart. */
function ForLogo({ title }: { title: string }) {
  return <span className="sr-only"> {title}</span>;
}

export function DownloadButton({
  logo,
  size = 'sm',
  variant = 'primary',
  className,
}: {
  logo: Logo;
  size?: ActionSize;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  const { download, isDownloading } = useLogoDownload(logo);
  return (
    <Button
      size={size}
      variant={variant}
      onClick={download}
      aria-disabled={isDownloading || undefined}
      className={className}
    >
      {isDownloading ? (
        <LoaderCircle aria-hidden className="animate-spin" />
      ) : (
        <Download aria-hidden />
      )}
      {isDownloading ? (
        'Downloading...'
      ) : (
        <span>
          Download
          <ForLogo title={logo.title} />
        </span>
      )}
    </Button>
  );
}

function CopyLabel({ state, idle, title }: { state: CopyState; idle: string; title: string }) {
  if (state === 'copying') return <>Copying...</>;
  if (state === 'copied') return <>Copied!</>;
  return (
    <span>
      {idle}
      <ForLogo title={title} />
    </span>
  );
}

function CopyIcon({ state }: { state: CopyState }) {
  if (state === 'copying') return <LoaderCircle aria-hidden className="animate-spin" />;
  if (state === 'copied') return <Check aria-hidden />;
  return <Copy aria-hidden />;
}

export function CopySvgButton({
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
  const { copy, state } = useCopySvg(logo);
  return (
    <Button
      size={size}
      variant={variant}
      onClick={() => void copy()}
      aria-disabled={state === 'copying' || undefined}
      className={className}
    >
      <CopyIcon state={state} />
      <CopyLabel state={state} idle="Copy SVG" title={logo.title} />
    </Button>
  );
}

/** Copy SVG and Download, as on every logo card. */
export function LogoCardActions({ logo }: { logo: Logo }) {
  return (
    <div className="flex w-full gap-2">
      <CopySvgButton logo={logo} className="flex-1 px-2.5" />
      <DownloadButton logo={logo} className="flex-1 px-2.5" />
    </div>
  );
}

/**
 * The detail dialog's actions: Download, Copy SVG, and the credit line to paste next to the logo,
 * with 'Copy attribution' (Commons asks for title, author, source and license).
 */
export function LogoDialogActions({ logo }: { logo: Logo }) {
  const credit = creditLine(logo);
  const headingId = useId();
  const { state, run } = useCopyState();

  const copyAttribution = async () => {
    if (state === 'copying') return;
    const copied = await run(() => copyText(credit));
    toast(
      copied
        ? {
            title: 'Attribution copied',
            description: 'Paste the credit line next to the logo wherever you use it.',
          }
        : {
            variant: 'destructive',
            title: 'Copy Failed',
            description: 'There was an error copying the attribution to clipboard.',
          },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-2.5">
        <DownloadButton logo={logo} size="lg" />
        <CopySvgButton logo={logo} size="lg" />
      </div>

      <section aria-labelledby={headingId} className="rounded-xl border bg-surface p-4">
        <div className="flex items-center justify-between gap-3">
          <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
            <Quote aria-hidden className="size-4 text-muted-foreground" />
            Credit line
          </h3>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void copyAttribution()}
            aria-disabled={state === 'copying' || undefined}
          >
            <CopyIcon state={state} />
            {state === 'copied'
              ? 'Copied!'
              : state === 'copying'
                ? 'Copying...'
                : 'Copy attribution'}
          </Button>
        </div>
        <p
          className={cn(
            'mt-3 rounded-lg bg-background px-3 py-2.5 font-mono text-xs/5 break-words text-foreground',
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
