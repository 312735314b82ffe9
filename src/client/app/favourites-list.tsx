import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Heart, LayoutGrid, LogIn, Search } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { Notice } from '#client/components/ui/notice.tsx';
import { useFavourites } from '#client/features/favourites/hooks/use-favourites.ts';
import { filterLogos, NO_FILTERS } from '#client/features/search/logo-filters.ts';
import { FAVOURITE_MESSAGES } from '#shared/favourites/favourites.schemas.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { LogoBrowser, useFavouritesKeeper } from './logo-browser.tsx';

/** Where the guest's list is, so signing in comes back to it. */
export const FAVOURITES_PATH = '/dashboard?tab=favourites';

/**
 * The wall page's address for these logos: each logo's name (what it was searched as) and its
 * file, one a line and in the same order, so the wall draws exactly these files.
 */
export function wallHref(logos: readonly Logo[]): string {
  const names = logos.map((logo) => logo.searchTerm || logo.title).join('\n');
  const files = logos.map((logo) => logo.title).join('\n');
  return `/wall?names=${encodeURIComponent(names)}&files=${encodeURIComponent(files)}`;
}

/**
 * The favourites as cards, with the search page's filters, dialog and batch mode, and links that
 * open them (all, or the batch selection) on a wall. Guests see this browser's list and a way to
 * keep it on an account.
 */
export function FavouritesList({ headingLevel }: { headingLevel: 2 | 3 }) {
  const keeper = useFavouritesKeeper();
  const favourites = useFavourites(keeper);
  const [filters, setFilters] = useState(NO_FILTERS);
  const shown = useMemo(() => filterLogos(favourites.logos, filters), [favourites.logos, filters]);
  const count = favourites.logos.length;

  return (
    <section aria-label="Favourites" className="flex flex-col gap-4">
      {keeper === 'browser' && (
        <Notice icon={<Heart aria-hidden />} className="flex-wrap">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>{FAVOURITE_MESSAGES.guestNote}</p>
            <Button asChild size="sm">
              <Link to={`/auth?redirect=${encodeURIComponent(FAVOURITES_PATH)}`}>
                <LogIn aria-hidden />
                Sign in
              </Link>
            </Button>
          </div>
        </Notice>
      )}
      {!favourites.isPending && count === 0 ? (
        <EmptyState
          icon={<Heart />}
          headingLevel={headingLevel}
          title="No favourites yet"
          description="Select the heart on any logo to keep it here."
        >
          <Button asChild>
            <Link to="/search">
              <Search aria-hidden />
              Search logos
            </Link>
          </Button>
        </EmptyState>
      ) : (
        <div>
          {!favourites.isPending && (
            <p className="mb-4 text-sm text-muted-foreground">
              {count === 1 ? '1 favourite' : `${count} favourites`}, newest first.
            </p>
          )}
          <LogoBrowser
            page="search"
            label="Your favourites"
            headingLevel={headingLevel}
            logos={shown}
            filterLogos={favourites.logos}
            pending={favourites.isPending}
            skeletonCount={3}
            filters={filters}
            onFiltersChange={setFilters}
            selectionActions={({ batchMode, selected }) =>
              shown.length > 0 && (
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link to={wallHref(shown)}>
                      <LayoutGrid aria-hidden />
                      {shown.length === count ? 'Open all on a wall' : 'Open these on a wall'}
                    </Link>
                  </Button>
                  {batchMode && selected.length > 0 && (
                    <Button asChild variant="outline" size="sm">
                      <Link to={wallHref(selected)}>
                        <LayoutGrid aria-hidden />
                        Open selection on a wall
                      </Link>
                    </Button>
                  )}
                </div>
              )
            }
          />
        </div>
      )}
    </section>
  );
}
