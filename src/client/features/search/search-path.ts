import { NO_FILTERS, writeFilters, type LogoFilters } from './logo-filters.ts';

/**
 * The results page for a query: the trimmed query URL-encoded into `q`, then any active filters
 * (fileType, dateFilter, license).
 */
export function searchPath(query: string, filters: LogoFilters = NO_FILTERS): string {
  const rest = writeFilters(new URLSearchParams(), filters).toString();
  return `/search?q=${encodeURIComponent(query.trim())}${rest ? `&${rest}` : ''}`;
}

/**
 * Where a search started outside the results page goes. The results page's file type defaults to
 * SVG (spec 000 §2), so unless the visitor picked a format in the home page's filters, SVG it is;
 * their date and license choices come along.
 */
export function newSearchPath(query: string, filters: LogoFilters = NO_FILTERS): string {
  return searchPath(query, { ...filters, fileType: filters.fileType ?? 'svg' });
}
