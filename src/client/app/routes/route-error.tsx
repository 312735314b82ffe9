import { Link } from 'react-router';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

// After a deploy, an open tab may ask for a page chunk that no longer exists.
const STALE_CHUNK =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** Shown instead of a page that failed to load or crashed; the header and footer stay usable. */
export function RouteError({ error }: { error: unknown }) {
  const staleChunk = error instanceof Error && STALE_CHUNK.test(error.message);
  return <ErrorPanel staleChunk={staleChunk} />;
}

function ErrorPanel({ staleChunk }: { staleChunk: boolean }) {
  useDocumentTitle(staleChunk ? 'Update available' : 'Something went wrong');
  return (
    <PageContainer className="flex flex-col items-center py-20 text-center sm:py-28">
      <span
        aria-hidden
        className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground"
      >
        {staleChunk ? <RefreshCw className="size-6" /> : <TriangleAlert className="size-6" />}
      </span>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {staleChunk ? 'WikiLogos has been updated' : 'Something went wrong'}
      </h1>
      <p className="mt-4 max-w-md text-base/7 text-muted-foreground">
        {staleChunk
          ? 'A newer version of the site is available. Reload the page to continue.'
          : 'This page ran into a problem. Reloading usually helps; if it keeps happening, please try again later.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden />
          Reload page
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
