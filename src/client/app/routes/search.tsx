import { Link, useSearchParams } from 'react-router';
import { Search, Telescope } from 'lucide-react';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { SearchForm } from '#client/features/search/components/search-form.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

export function SearchRoute() {
  // The address is the source of truth for the query, so results can be shared and bookmarked.
  const [searchParams, setSearchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const names = query
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  useDocumentTitle(query ? `${query} - WikiLogos Search` : 'Search', { full: Boolean(query) });

  const search = (next: string) => {
    setSearchParams((params) => {
      params.set('q', next);
      return params;
    });
  };

  return (
    <PageContainer className="py-10 sm:py-14">
      {/* Remount on a new query (back/forward) so the box shows what the address says. */}
      <SearchForm
        key={query}
        defaultValue={query}
        size="md"
        onSearch={search}
        className="max-w-2xl"
      />

      <div className="mt-10">
        <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {query ? <>Logos for “{query}”</> : 'Search logos'}
        </h1>
        {names.length > 1 && (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted-foreground">
              Searching for {names.length} companies:
            </span>
            {names.map((name) => (
              <Badge key={name} variant="outline">
                {name}
              </Badge>
            ))}
          </div>
        )}
      </div>

      {query ? (
        <EmptyState
          className="mt-8"
          icon={<Telescope />}
          title="Search is coming soon"
          description={
            <>
              We're connecting WikiLogos to Wikimedia Commons. Soon this page will list the official
              logos for “{query}”, ready to preview and download.
            </>
          }
        >
          <Button asChild variant="outline">
            <Link to="/about#platform">How search works</Link>
          </Button>
          <Button asChild>
            <Link to="/">Back to Home</Link>
          </Button>
        </EmptyState>
      ) : (
        <EmptyState
          className="mt-8"
          icon={<Search />}
          title="What are you looking for?"
          description="Type a company name above, or several separated by commas, to find their logos."
        />
      )}
    </PageContainer>
  );
}
