import type { Logo } from '#shared/search/search.schemas.ts';

/*
 * Select All on the results page takes every result of the search under the current filters, so
 * it first loads the server's remaining pages, up to a batch's size (docs/product.md#batch-download).
 */

/** What the page can still load, and how (the results page's infinite query). */
export type MoreResults = {
  /** The query and filters: a new one cancels a Select All under way. */
  key: string;
  hasMore: boolean;
  fetching: boolean;
  /** Failed fetches so far: one more stops a Select All under way. */
  errors: number;
  fetchMore: () => void;
};

/** A Select All waiting for the rest of the results. */
export type LoadAll = {
  /** One name's logos (a group's 'Select all of …'), or every name's (null). */
  name: string | null;
  key: string;
  errors: number;
};

export type LoadAllStep =
  { kind: 'fetch' } | { kind: 'wait' } | { kind: 'select'; logos: Logo[] } | { kind: 'stop' };

/** The logos one name found, or all of them. */
export function logosOfName(logos: readonly Logo[], name: string | null): Logo[] {
  return name === null ? [...logos] : logos.filter((logo) => logo.searchTerm === name);
}

/**
 * What a Select All does next, given the filtered logos loaded so far: ask for another page, wait
 * for the one on its way, select (at most `cap`), or stop (the query changed or a fetch failed).
 */
export function loadAllStep(
  loadAll: LoadAll,
  logos: readonly Logo[],
  more: MoreResults,
  cap: number,
): LoadAllStep {
  if (loadAll.key !== more.key || more.errors > loadAll.errors) return { kind: 'stop' };
  const picked = logosOfName(logos, loadAll.name);
  if (!more.hasMore || picked.length >= cap) return { kind: 'select', logos: picked.slice(0, cap) };
  return { kind: more.fetching ? 'wait' : 'fetch' };
}

/** The logos by the name that found each, in the names' order (a name with none keeps its place). */
export function groupByName(
  logos: readonly Logo[],
  names: readonly string[],
): { name: string; logos: Logo[] }[] {
  const groups = new Map(names.map((name) => [name, [] as Logo[]]));
  for (const logo of logos) {
    const group = groups.get(logo.searchTerm);
    if (group) group.push(logo);
    else groups.set(logo.searchTerm, [logo]);
  }
  return [...groups].map(([name, found]) => ({ name, logos: found }));
}
