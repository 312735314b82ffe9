/** The results page for a query; the trimmed query is URL-encoded into `q`. */
export function searchPath(query: string): string {
  return `/search?q=${encodeURIComponent(query.trim())}`;
}
