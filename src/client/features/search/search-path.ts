import { NO_FILTERS, writeFilters, type LogoFilters } from './logo-filters.ts';

/** The results page for a query: the trimmed query URL-encoded into `q`, then any active filters. */
export function searchPath(query: string, filters: LogoFilters = NO_FILTERS): string {
  const rest = writeFilters(new URLSearchParams(), filters).toString();
  return `/search?q=${encodeURIComponent(query.trim())}${rest ? `&${rest}` : ''}`;
}

/**
 * Where a search started outside the results page goes: SVG files unless the visitor picked
 * another format in the home page's filters (docs/product.md); their other choices come along.
 */
export function newSearchPath(query: string, filters: LogoFilters = NO_FILTERS): string {
  return searchPath(query, {
    ...filters,
    fileType: filters.fileType.length ? filters.fileType : ['svg'],
  });
}
