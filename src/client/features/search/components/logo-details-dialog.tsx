import { useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { ExternalLink, Moon, ShieldAlert, Sun } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import { LogoBadges } from './logo-badges.tsx';
import { LogoImage } from './logo-image.tsx';
import { formatDimensions, formatFileSize, formatLogoDate } from '../logo-format.ts';
import { cn } from '#client/lib/cn.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

type PreviewBackground = 'light' | 'dark' | 'checkerboard';

const BACKGROUNDS: Record<PreviewBackground, { className: string; style?: CSSProperties }> = {
  light: { className: 'bg-white' },
  dark: { className: 'bg-zinc-900' },
  checkerboard: {
    className: 'bg-white',
    style: {
      backgroundImage: 'conic-gradient(#e4e4e7 25%, #ffffff 0 50%, #e4e4e7 0 75%, #ffffff 0)',
      backgroundSize: '20px 20px',
    },
  },
};

const SOURCE_NAMES: Record<Logo['source'], string> = {
  commons: 'Wikimedia Commons',
  wikidata: 'Wikimedia Commons (via Wikidata)',
  'simple-icons': 'Simple Icons',
};

function CheckerIcon() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" className="size-4">
      <rect
        x="1"
        y="1"
        width="14"
        height="14"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path d="M1.75 1.75h6.25v6.25H1.75zM8 8h6.25v6.25H8z" fill="currentColor" />
    </svg>
  );
}

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-link underline-offset-4 hover:underline"
    >
      {children}
      <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2.5 sm:grid sm:grid-cols-[7.5rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * The detail dialog (spec 000 §2): a large preview on a switchable background, the logo's facts
 * (type, size, dimensions, date, license, author, brand colour), 'Visit Source Page', and the
 * actions the page passes in (Download, Copy SVG, attribution).
 */
export function LogoDetailsDialog({
  logo,
  onOpenChange,
  actions,
}: {
  logo: Logo | null;
  onOpenChange: (open: boolean) => void;
  actions?: (logo: Logo) => ReactNode;
}) {
  const [background, setBackground] = useState<PreviewBackground>('light');
  const backgroundLabelId = useId();
  // Keep showing the last logo while the dialog plays its closing animation.
  const [shown, setShown] = useState(logo);
  // The card that opened the dialog gets focus back when it closes (it is not a Radix trigger).
  const opener = useRef<HTMLElement | null>(null);
  if (logo && logo !== shown) setShown(logo);

  return (
    <Dialog open={logo !== null} onOpenChange={onOpenChange}>
      {shown && (
        <DialogContent
          closeLabel="Close details"
          className="max-w-4xl"
          onOpenAutoFocus={() => {
            // Still the element that was focused before the dialog took focus.
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
        >
          <div className="grid md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] md:divide-x">
            <div className="flex flex-col gap-3 border-b p-4 sm:p-6 md:sticky md:top-0 md:self-start md:border-r-0 md:border-b-0">
              <div
                className={cn(
                  'flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border p-8 transition-colors sm:p-10',
                  BACKGROUNDS[background].className,
                )}
                style={BACKGROUNDS[background].style}
              >
                <LogoImage key={shown.url} logo={shown} variant="full" />
              </div>
              <div className="flex items-center justify-between gap-3">
                <span className="text-xs text-muted-foreground" id={backgroundLabelId}>
                  Preview background
                </span>
                <ToggleGroup
                  type="single"
                  value={background}
                  aria-labelledby={backgroundLabelId}
                  onValueChange={(value) => {
                    if (value === 'light' || value === 'dark' || value === 'checkerboard') {
                      setBackground(value);
                    }
                  }}
                >
                  <ToggleGroupItem value="light" aria-label="Light background" title="Light">
                    <Sun aria-hidden />
                  </ToggleGroupItem>
                  <ToggleGroupItem value="dark" aria-label="Dark background" title="Dark">
                    <Moon aria-hidden />
                  </ToggleGroupItem>
                  <ToggleGroupItem
                    value="checkerboard"
                    aria-label="Checkerboard background"
                    title="Checkerboard (shows transparency)"
                  >
                    <CheckerIcon />
                  </ToggleGroupItem>
                </ToggleGroup>
              </div>
            </div>

            <div className="flex min-w-0 flex-col gap-5 p-4 pt-5 sm:p-6">
              <div className="flex flex-col gap-2.5 pr-10">
                <DialogTitle>{shown.title}</DialogTitle>
                <LogoBadges logo={shown} showLicense={false} />
                <DialogDescription className="line-clamp-6">
                  {shown.description?.trim() || 'No description was given for this file.'}
                </DialogDescription>
              </div>

              <dl className="divide-y border-y">
                <Fact term="File type">{shown.fileType.toUpperCase()}</Fact>
                <Fact term="Size">{formatFileSize(shown.size)}</Fact>
                <Fact term="Dimensions">{formatDimensions(shown.width, shown.height)}</Fact>
                <Fact term="Date added">{formatLogoDate(shown.dateAdded)}</Fact>
                <Fact term="License">
                  {shown.license ? (
                    shown.licenseUrl ? (
                      <ExternalAnchor href={shown.licenseUrl}>{shown.license}</ExternalAnchor>
                    ) : (
                      shown.license
                    )
                  ) : (
                    'Unknown license'
                  )}
                </Fact>
                <Fact term="Author">{shown.author?.trim() || 'Unknown author'}</Fact>
                <Fact term="From">{SOURCE_NAMES[shown.source]}</Fact>
                {shown.brandColor && (
                  <Fact term="Brand colour">
                    <span className="inline-flex items-center gap-2">
                      <span
                        aria-hidden
                        className="size-5 rounded-md border shadow-xs"
                        style={{ backgroundColor: `#${shown.brandColor}` }}
                      />
                      <span className="font-mono">#{shown.brandColor.toUpperCase()}</span>
                    </span>
                  </Fact>
                )}
              </dl>

              {shown.sourceUrl && (
                <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
                  <ExternalAnchor href={shown.sourceUrl}>Visit Source Page</ExternalAnchor>
                  {shown.guidelinesUrl && (
                    <ExternalAnchor href={shown.guidelinesUrl}>Brand guidelines</ExternalAnchor>
                  )}
                </div>
              )}

              {shown.trademarked && (
                <p className="flex items-start gap-2.5 rounded-xl border bg-surface px-3.5 py-3 text-xs/5 text-muted-foreground">
                  <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-foreground" />
                  This logo is a trademark. The license covers the file; using the mark may still
                  need the owner's permission, so check their brand guidelines.
                </p>
              )}

              {actions?.(shown)}
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
