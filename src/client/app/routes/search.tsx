import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoaderCircle, RotateCcw, Search, SearchX, TriangleAlert } from 'lucide-react';
import { useDebounce } from 'use-debounce';
import { PageContainer } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useProgressiveSearch, useSearch } from '#client/features/search/api/get-search.ts';
import { KeepCardInPlace } from '#client/features/search/components/keep-card-in-place.tsx';
import { SearchForm } from '#client/features/search/components/search-form.tsx';
import { useInfiniteReveal } from '#client/features/search/hooks/use-infinite-reveal.ts';
import { useUrlFilters } from '#client/features/search/hooks/use-url-filters.ts';
import {
  activeFilterCount,
  chosenFileType,
  filterLabel,
  filterLogos,
  type LogoFilters,
} from '#client/features/search/logo-filters.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { useSetParam } from '#client/hooks/use-tab-param.ts';
import {
  fileTypeOfName,
  OFFICIAL_LOGO_MESSAGES,
  splitSearchNames,
  type Logo,
} from '#shared/search/search.schemas.ts';
import { LogoBrowser, groupHeadingId } from '#client/app/logo-browser.tsx';

/** Typed text shows at once; the search follows 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** '{n} results for "{query}"', or '{n}+ results…' while more can load: a count never grows unsaid. */
function resultsHeading(count: number, query: string, more: boolean, website = ''): string {
  // A website found its company: 'results for "IKEA" (ikea.com)'.
  const suffix = website ? ` (${website})` : '';
  if (more)
    return count === 0
      ? `No results yet for "${query}"${suffix}`
      : `${count}+ results for "${query}"${suffix}`;
  return `${count} ${count === 1 ? 'result' : 'results'} for "${query}"${suffix}`;
}

/** The results page's description for search engines and link previews. */
function searchDescription(query: string, count: number | null, more: boolean): string {
  const found = count
    ? `${resultsHeading(count, query, more)} on WikiLogos`
    : `Logos for "${query}"`;
  return `${found}: preview each with its license and source, then download it as SVG or PNG. Free of ads.`;
}

/**
 * The top result's picture for link previews: its thumbnail when that is a picture on the web
 * that previews can show (PNG, JPG or GIF; Commons renders every SVG as a PNG thumbnail).
 */
function previewImage(logo: Logo | undefined): string | null {
  const address = logo?.thumbUrl;
  // Only an absolute address: a bundled icon's is our own /api/icons/… SVG.
  if (!address || !/^https?:\/\//.test(address)) return null;
  const type = fileTypeOfName(new URL(address).pathname);
  return type && type !== 'svg' ? address : null;
}

function dateNote(filters: LogoFilters): string {
  const [date] = filters.date;
  return date
    ? `Showing logos added in the ${filterLabel('date', date, 'search').toLowerCase()}.`
    : 'Dates show when each file was added to Wikimedia Commons.';
}

export function SearchRoute() {
  // The address is the source of truth for the query and the filters, so results can be shared.
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const [filters, setFilters] = useUrlFilters();
  const navigate = useNavigate();

  const setQuery = useSetParam('q');

  // The box follows the address (Back, Forward, a new link) and the address follows the box.
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    if (text.trim() !== query) setText(query);
  }
  const [typed] = useDebounce(text, SEARCH_DEBOUNCE_MS);
  const searchTyped = useEffectEvent((value: string) => {
    const next = value.trim();
    // Only a non-empty query searches; clearing the box keeps the last results.
    if (next && next !== query) setQuery(next);
  });
  useEffect(() => searchTyped(typed), [typed]);

  const fileType = chosenFileType(filters);
  const { search, first, officialJoined } = useProgressiveSearch({ q: query, fileType });
  const { error, errorUpdatedAt, fetchNextPage, hasNextPage, isFetchingNextPage } = search;
  // The first answer stands for the first page until the whole one comes with Wikidata's official
  // logos (docs/product.md#search-results).
  const pages = useMemo(
    () => search.data?.pages ?? (first ? [first] : undefined),
    [search.data, first],
  );
  const findingOfficial = first?.pending?.includes('wikidata') ?? false;
  // While the official logos are coming, the count is '{n}+' and Select All waits for them.
  const moreComing = hasNextPage || findingOfficial || (first?.hasMore ?? false);
  const waiting = search.isPending && !first;

  useEffect(() => {
    if (!error) return;
    toast({
      variant: 'destructive',
      title: 'Search failed',
      description: error.message || 'An error occurred during search',
    });
  }, [error, errorUpdatedAt]);

  const loaded = useMemo(() => {
    // Later pages may repeat a logo another name already found; the url is the key.
    const seen = new Set<string>();
    const logos = pages?.flatMap((page) => page.logos) ?? [];
    return logos.filter((logo) => !seen.has(logo.url) && seen.add(logo.url));
  }, [pages]);
  const warnings = useMemo(
    () => [...new Set(pages?.flatMap((page) => page.warnings ?? []) ?? [])],
    [pages],
  );
  const filtered = useMemo(() => filterLogos(loaded, filters), [loaded, filters]);

  // Only the file type narrows the server's search: when it finds nothing, the same query in every
  // format tells whether the filter or the query came up empty.
  const nothingFound = pages !== undefined && loaded.length === 0 && !moreComing;
  const anyFormat = useSearch(
    { q: query, fileType: null },
    { enabled: nothingFound && !!fileType },
  );
  const noResults = nothingFound && (!fileType || anyFormat.data?.pages[0]?.logos.length === 0);

  // Twice at once is one request, not a cancelled one (the scroll and Select All both ask).
  const fetchMore = useCallback(
    () => void fetchNextPage({ cancelRefetch: false }),
    [fetchNextPage],
  );
  const resetKey = JSON.stringify([query, filters]);
  const { visibleCount, setMarker, isLoadingMore, needsManualLoad, hasMoreToShow } =
    useInfiniteReveal({
      total: filtered.length,
      resetKey,
      hasMore: hasNextPage,
      isFetchingMore: isFetchingNextPage,
      fetchMore,
    });
  const more = useMemo(
    () => ({
      key: resetKey,
      hasMore: moreComing,
      // The whole first page is on its way while the first answer stands for it.
      fetching: isFetchingNextPage || first !== null,
      errors: search.errorUpdateCount,
      fetchMore,
    }),
    [resetKey, moreComing, isFetchingNextPage, first, search.errorUpdateCount, fetchMore],
  );

  const names = splitSearchNames(query);
  const websites = pages?.[0]?.websites ?? [];
  // One name that is a company's website: the results are that company's.
  const company = names.length === 1 ? websites[0]?.company : null;
  const heading = company
    ? resultsHeading(filtered.length, company.name, moreComing, websites[0]?.domain)
    : resultsHeading(filtered.length, query, moreComing);
  useDocumentTitle(query ? `${query} - WikiLogos Search` : 'Search', {
    full: Boolean(query),
    description: query
      ? searchDescription(query, pages ? filtered.length : null, moreComing)
      : undefined,
    image: previewImage(filtered[0]),
  });
  const announcement =
    query &&
    (waiting
      ? 'Searching for logos...'
      : pages
        ? [
            heading,
            findingOfficial && OFFICIAL_LOGO_MESSAGES.finding,
            officialJoined && OFFICIAL_LOGO_MESSAGES.added,
          ]
            .filter(Boolean)
            .join('. ')
        : '');

  return (
    <PageContainer className="py-8 sm:py-12">
      {/* One polite live region for the whole page: screen readers hear when results arrive. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <SearchForm
        value={text}
        onValueChange={setText}
        size="md"
        onSearch={setQuery}
        className="max-w-2xl"
      />

      {!query ? (
        <>
          <h1 className="mt-10 text-2xl font-semibold tracking-tight sm:text-3xl">Search logos</h1>
          <EmptyState
            className="mt-6"
            icon={<Search />}
            title="What are you looking for?"
            description="Type a company name above, or several separated by commas, to find their logos."
          />
        </>
      ) : (
        <>
          <div className="mt-10 flex min-h-16 flex-col gap-2">
            {waiting ? (
              <div className="flex items-center gap-3">
                <LoaderCircle aria-hidden className="size-6 animate-spin text-link" />
                <h1 className="text-2xl font-semibold tracking-tight text-muted-foreground sm:text-3xl">
                  Searching for logos...
                </h1>
              </div>
            ) : !pages ? (
              <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Search failed</h1>
            ) : (
              <>
                <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
                  {heading}
                </h1>
                {/* In the date note's place, so the results do not move when it comes back. */}
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  {findingOfficial ? (
                    <>
                      <LoaderCircle aria-hidden className="size-4 animate-spin" />
                      {OFFICIAL_LOGO_MESSAGES.finding}
                    </>
                  ) : (
                    dateNote(filters)
                  )}
                </p>
              </>
            )}
            {names.length > 1 && (
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <span className="text-sm text-muted-foreground">
                  Searching for {names.length} companies:
                </span>
                {/* Each jumps to its name's group of results. */}
                {names.map((name, index) => (
                  <Button
                    key={name}
                    variant="outline"
                    size="sm"
                    className="h-7 rounded-full px-3 text-xs"
                    onClick={() => jumpToGroup(index)}
                  >
                    {name}
                  </Button>
                ))}
              </div>
            )}
          </div>

          {websites
            .filter((website) => website.company === null)
            .map((website) => (
              <Notice
                key={website.domain}
                role="status"
                icon={<SearchX aria-hidden />}
                className="mt-6"
              >
                <p>No company found for {website.domain}.</p>
                <Button asChild size="sm" variant="outline" className="mt-2">
                  <Link to={`/search?q=${encodeURIComponent(website.label)}`}>
                    Search for "{website.label}"
                  </Link>
                </Button>
              </Notice>
            ))}
          {warnings.length > 0 && <SearchWarnings warnings={warnings} className="mt-6" />}

          <KeepCardInPlace version={pages?.[0]}>
            <LogoBrowser
              page="search"
              className="mt-6"
              label={`Results for ${query}`}
              headingLevel={2}
              logos={filtered}
              shown={visibleCount}
              filterLogos={loaded}
              // Only once every result is in can a date or license be said to match none; the file
              // type is searched on the server, which may find others.
              filterKeys={moreComing ? [] : ['date', 'licenses']}
              names={names}
              more={more}
              pending={waiting || (nothingFound && !!fileType && anyFormat.isPending)}
              skeletonCount={6}
              filters={filters}
              onFiltersChange={setFilters}
              fallback={
                !pages ? (
                  <EmptyState
                    className="mt-4"
                    icon={<TriangleAlert />}
                    title="We couldn't search for logos"
                    description={error?.message || 'An error occurred during search'}
                  >
                    <Button onClick={() => void search.refetch()}>
                      <RotateCcw aria-hidden />
                      Try again
                    </Button>
                    <Button asChild variant="outline">
                      <Link to="/">Back to Home</Link>
                    </Button>
                  </EmptyState>
                ) : (
                  noResults && (
                    <EmptyState
                      className="mt-4"
                      icon={<SearchX />}
                      title="No results found"
                      description="We couldn't find any logos matching your search. Try using different keywords or check your spelling."
                    >
                      <Button onClick={() => void navigate('/')}>Clear Search</Button>
                    </EmptyState>
                  )
                )
              }
            >
              {pages && hasMoreToShow && <div ref={setMarker} aria-hidden className="h-px" />}
              {isLoadingMore && (
                <p className="mt-8 flex items-center justify-center gap-2.5 text-sm text-muted-foreground">
                  <LoaderCircle aria-hidden className="size-4 animate-spin" />
                  Loading more results...
                </p>
              )}
              {needsManualLoad && (
                <div className="mt-8 flex justify-center">
                  <Button variant="outline" onClick={fetchMore}>
                    Load more results
                  </Button>
                </div>
              )}
              {pages && !hasMoreToShow && !moreComing && filtered.length > 0 && (
                <p className="mt-10 border-t pt-6 text-center text-sm text-muted-foreground">
                  {activeFilterCount(filters) > 0
                    ? `That's every logo for "${query}" that matches your filters.`
                    : `That's every logo for "${query}".`}
                </p>
              )}
            </LogoBrowser>
          </KeepCardInPlace>
        </>
      )}
    </PageContainer>
  );
}

/** Scrolls to the group of results of the `index`th name and focuses its heading. */
function jumpToGroup(index: number) {
  const heading = document.getElementById(groupHeadingId(index));
  if (!heading) return;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}

function SearchWarnings({ warnings, className }: { warnings: string[]; className?: string }) {
  return (
    <Notice
      role="status"
      variant="warning"
      icon={<TriangleAlert aria-hidden />}
      className={className}
    >
      {warnings.length === 1 ? (
        <p>{warnings[0]}</p>
      ) : (
        <ul className="list-disc pl-4">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
