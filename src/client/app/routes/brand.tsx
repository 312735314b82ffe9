import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ExternalLink, RotateCcw, SearchX, TriangleAlert } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useBrand } from '#client/features/brands/api/get-brand.ts';
import { LogoTimeline } from '#client/features/brands/components/logo-timeline.tsx';
import { useFavourites } from '#client/features/favourites/hooks/use-favourites.ts';
import { LogoCard } from '#client/features/search/components/logo-card.tsx';
import { LogoCollection } from '#client/features/search/components/logo-collection.tsx';
import { LogoDetailsDialog } from '#client/features/search/components/logo-details-dialog.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { isApiError } from '#client/lib/api-client.ts';
import type { Brand } from '#shared/brands/brands.schemas.ts';
import { fileTypeOfName, type Logo } from '#shared/search/search.schemas.ts';
import { CardActions, DialogActions, cardLinks, useFavouritesKeeper } from '../logo-browser.tsx';
import { LogoShortcutActions } from '../logo-shortcut-actions.tsx';

/** The current logo's thumbnail for link previews, when it is a picture previews can show. */
function previewImage(brand: Brand | undefined): string | null {
  const logo = brand?.history.find((period) => period.current)?.logo ?? brand?.history[0]?.logo;
  const address = logo?.thumbUrl;
  if (!address || !/^https?:\/\//.test(address)) return null;
  const type = fileTypeOfName(new URL(address).pathname);
  return type && type !== 'svg' ? address : null;
}

function description(brand: Brand): string {
  const count = brand.history.length;
  const logos =
    count === 0
      ? `Logos of ${brand.name}`
      : `${count} official ${count === 1 ? 'logo' : 'logos'} of ${brand.name} over time`;
  return `${logos}, from Wikidata and Wikimedia Commons: preview each with its license and source, then download it as SVG or PNG.`;
}

const noSelection = () => false;
const ignore = () => {};

/** /brand/:qid: a company's official logos over time, then its other logos on Commons. */
export function BrandRoute() {
  const { qid = '' } = useParams();
  const brand = useBrand(qid);
  const [openLogo, setOpenLogo] = useState<Logo | null>(null);
  const data = brand.data;

  useDocumentTitle(data ? `${data.name} logo history` : 'Logo history', {
    description: data ? description(data) : undefined,
    image: previewImage(data),
  });

  const notFound = isApiError(brand.error) && brand.error.status === 404;
  const favourites = useFavourites(useFavouritesKeeper());
  const renderActions = (logo: Logo) => <CardActions logo={logo} favourites={favourites} />;

  return (
    <PageContainer className="py-8 sm:py-12">
      {data ? (
        <>
          <header className="flex flex-col gap-3">
            <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
              {data.name} logo history
            </h1>
            {data.description && (
              <p className="max-w-2xl text-muted-foreground">{data.description}</p>
            )}
            {data.website && (
              <p className="text-sm">
                <span className="text-muted-foreground">Official website: </span>
                <a
                  href={data.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium break-all text-link underline-offset-4 hover:underline"
                >
                  {data.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  <ExternalLink aria-hidden className="size-3.5 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </p>
            )}
          </header>

          {data.warnings?.map((warning) => (
            <Notice
              key={warning}
              role="status"
              variant="warning"
              icon={<TriangleAlert aria-hidden />}
              className="mt-6"
            >
              <p>{warning}</p>
            </Notice>
          ))}

          <section aria-labelledby="official-logos" className="mt-10">
            <h2 id="official-logos" className="mb-6 text-2xl font-semibold tracking-tight">
              Official logos over time
            </h2>
            {data.history.length > 0 ? (
              <LogoTimeline
                label={`${data.name} logos, newest first`}
                periods={data.history}
                renderLogo={({ logo }) => (
                  <LogoCard
                    // This page is the logo's history already: no link back to it.
                    logo={{ ...logo, wikidataId: null }}
                    onActivate={setOpenLogo}
                    actions={renderActions(logo)}
                    links={cardLinks(logo)}
                    headingLevel={3}
                  />
                )}
              />
            ) : (
              <p className="text-muted-foreground">
                Wikidata lists no official logo for {data.name}.
              </p>
            )}
          </section>

          <section aria-labelledby="other-logos" className="mt-14">
            <h2 id="other-logos" className="text-2xl font-semibold tracking-tight">
              Other {data.name} logos on Wikimedia Commons
            </h2>
            {data.otherLogos.length > 0 ? (
              <LogoCollection
                className="mt-6"
                label={`Other ${data.name} logos`}
                logos={data.otherLogos}
                layout="grid"
                batchMode={false}
                isSelected={noSelection}
                onOpen={setOpenLogo}
                onToggle={ignore}
                renderActions={renderActions}
                renderLinks={cardLinks}
                shortcutActions={LogoShortcutActions}
              />
            ) : (
              <p className="mt-4 text-muted-foreground">Commons has no other logo files for it.</p>
            )}
            <p className="mt-8 text-sm">
              <Link
                to={`/search?q=${encodeURIComponent(data.name)}`}
                className="font-medium text-link underline-offset-4 hover:underline"
              >
                Search all logos for {data.name}
              </Link>
            </p>
          </section>
        </>
      ) : brand.isPending ? (
        <div aria-busy className="flex flex-col gap-4">
          <p role="status" className="sr-only">
            Loading the logo history…
          </p>
          <Skeleton className="h-10 w-72" />
          <Skeleton className="h-5 w-96 max-w-full" />
          <Skeleton className="mt-8 h-64 w-full max-w-md" />
        </div>
      ) : notFound ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Company not found</h1>
          <EmptyState
            className="mt-6"
            icon={<SearchX />}
            title="No company has this page"
            description={brand.error.message}
          >
            <Button asChild>
              <Link to="/">Back to Home</Link>
            </Button>
          </EmptyState>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Logo history</h1>
          <Notice
            role="alert"
            variant="warning"
            icon={<TriangleAlert aria-hidden />}
            className="mt-6"
          >
            <p>{brand.error?.message}</p>
          </Notice>
          <Button className="mt-4" onClick={() => void brand.refetch()}>
            <RotateCcw aria-hidden />
            Try again
          </Button>
        </>
      )}

      <LogoDetailsDialog
        logo={openLogo}
        onOpenChange={(open) => {
          if (!open) setOpenLogo(null);
        }}
        actions={(logo) => <DialogActions logo={logo} favourites={favourites} />}
      />
    </PageContainer>
  );
}
