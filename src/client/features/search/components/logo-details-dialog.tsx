import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink, ShieldAlert, TriangleAlert } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { useReturnFocus } from '#client/components/ui/use-return-focus.ts';
import { ToggleGroup, ToggleGroupItem } from '#client/components/ui/toggle-group.tsx';
import { BackgroundSwatch } from './background-swatch.tsx';
import { LogoBadges } from './logo-badges.tsx';
import { LogoImage } from './logo-image.tsx';
import { logoHistoryPath } from './logo-card.tsx';
import { useLogoPreview } from '../hooks/use-preview-background.ts';
import { formatDimensions, formatFileSize, formatLogoDate } from '../logo-format.ts';
import {
  hasBrandColour,
  isPreviewBackground,
  PREVIEW_BACKGROUND_LABELS,
  PREVIEW_BACKGROUNDS,
} from '../preview-background.ts';
import { cn } from '#client/lib/cn.ts';
import { logoPair, type BackgroundTone } from '#shared/search/logo-variants.ts';
import type { Logo } from '#shared/search/search.schemas.ts';

const SOURCE_NAMES: Record<Logo['source'], string> = {
  commons: 'Wikimedia Commons',
  wikidata: 'Wikimedia Commons (via Wikidata)',
  'simple-icons': 'Simple Icons',
};

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

const VERSION_LABELS: Record<BackgroundTone, string> = {
  light: 'For light backgrounds',
  dark: 'For dark backgrounds',
};

/**
 * Both files of a logo with light and dark versions, each on its own background. Choosing one
 * puts the preview (and the page's cards) on white or black, where that version is the one shown.
 */
function LogoVersions({
  logo,
  tone,
  onChoose,
}: {
  logo: Logo;
  tone: BackgroundTone;
  onChoose: (tone: BackgroundTone) => void;
}) {
  const headingId = useId();
  const pair = logoPair(logo);
  if (!pair) return null;
  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
      <span id={headingId} className="text-xs text-muted-foreground">
        Light and dark versions
      </span>
      <div className="grid grid-cols-2 gap-2">
        {(['light', 'dark'] as const).map((id) => (
          <button
            key={id}
            type="button"
            aria-pressed={tone === id}
            onClick={() => onChoose(id)}
            className={cn(
              'flex min-w-0 cursor-pointer items-center gap-2.5 rounded-lg border p-1.5 text-left outline-none hover:border-ring/60 focus-visible:ring-2 focus-visible:ring-ring',
              tone === id && 'border-primary ring-1 ring-primary',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'flex h-9 w-14 shrink-0 items-center justify-center overflow-hidden rounded-md border p-1',
                id === 'light' ? 'bg-white' : 'bg-black',
              )}
            >
              <LogoImage key={pair[id].url} logo={pair[id]} />
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="text-xs font-medium">{VERSION_LABELS[id]}</span>
              <span className="truncate text-xs text-muted-foreground">{pair[id].title}</span>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The large preview on the page's preview background, warning when the logo is hard to see. On a
 * laptop it fills its column down to the dialog's bottom edge and stays there while the facts
 * scroll; on a phone the background choice comes first, beside the close button, which so never
 * sits on the preview.
 */
function PreviewPanel({ logo }: { logo: Logo }) {
  const { surface, shown, setBackground, warning } = useLogoPreview(logo);
  const labelId = useId();
  const choices = PREVIEW_BACKGROUNDS.filter((id) => id !== 'brand' || hasBrandColour(logo));

  return (
    <div className="flex flex-col gap-3 border-b p-4 sm:p-6 md:sticky md:top-0 md:max-h-[calc(100dvh-2rem-2px)] md:border-b-0">
      <div
        className={cn(
          'flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border p-8 transition-colors sm:p-10 md:aspect-auto md:min-h-64 md:flex-1',
          surface.className,
        )}
        style={surface.style}
      >
        <LogoImage key={shown.url} logo={shown} variant="full" />
      </div>
      <div className="order-first flex min-h-9 items-center justify-between gap-3 pr-11 md:order-none md:pr-0">
        <span className="text-xs text-muted-foreground" id={labelId}>
          Preview background
        </span>
        <ToggleGroup
          type="single"
          // A logo without a brand colour shows on white while 'Brand colour' is the page's choice.
          value={surface.background}
          aria-labelledby={labelId}
          onValueChange={(value) => {
            // Radix lets a click on the active item clear the value; keep one background chosen.
            if (isPreviewBackground(value)) setBackground(value);
          }}
        >
          {choices.map((id) => (
            <ToggleGroupItem
              key={id}
              value={id}
              aria-label={`${PREVIEW_BACKGROUND_LABELS[id]} background`}
              title={
                id === 'checkerboard'
                  ? 'Checkerboard (shows transparency)'
                  : PREVIEW_BACKGROUND_LABELS[id]
              }
            >
              <BackgroundSwatch background={id} />
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>
      <LogoVersions
        logo={logo}
        tone={surface.tone}
        onChoose={(tone) => setBackground(tone === 'light' ? 'white' : 'black')}
      />
      {/* Always present, so screen readers hear the warning when it appears. */}
      <div role="status" className="empty:hidden">
        {warning && (
          <Notice variant="warning" icon={<TriangleAlert aria-hidden />}>
            {warning}
          </Notice>
        )}
      </div>
    </div>
  );
}

/** The detail dialog: preview, the logo's facts, its links, and the actions the page passes in. */
export function LogoDetailsDialog({
  logo,
  onOpenChange,
  actions,
}: {
  logo: Logo | null;
  onOpenChange: (open: boolean) => void;
  actions?: (logo: Logo) => ReactNode;
}) {
  // Keep showing the last logo while the dialog plays its closing animation.
  const [shown, setShown] = useState(logo);
  // The card that opened the dialog gets focus back when it closes (it is not a Radix trigger).
  const returnFocus = useReturnFocus();
  if (logo && logo !== shown) setShown(logo);

  return (
    <Dialog open={logo !== null} onOpenChange={onOpenChange}>
      {shown && (
        <DialogContent closeLabel="Close details" className="max-w-4xl" {...returnFocus}>
          <div className="grid md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] md:divide-x">
            <PreviewPanel logo={shown} />

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
                  {shown.license && shown.licenseUrl ? (
                    <ExternalAnchor href={shown.licenseUrl}>{shown.license}</ExternalAnchor>
                  ) : (
                    shown.license || 'Unknown license'
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

              {(shown.sourceUrl || shown.wikidataId) && (
                <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
                  {shown.sourceUrl && (
                    <ExternalAnchor href={shown.sourceUrl}>Visit Source Page</ExternalAnchor>
                  )}
                  {shown.sourceUrl && shown.guidelinesUrl && (
                    <ExternalAnchor href={shown.guidelinesUrl}>Brand guidelines</ExternalAnchor>
                  )}
                  {shown.wikidataId && (
                    <Link
                      to={logoHistoryPath(shown.wikidataId)}
                      onClick={() => onOpenChange(false)}
                      className="font-medium text-link underline-offset-4 hover:underline"
                    >
                      Logo history
                    </Link>
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
