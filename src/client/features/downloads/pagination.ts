/** Download history page size (docs/product.md#product-decisions). */
export const HISTORY_PAGE_SIZE = 10;

export interface Page<T> {
  /** The page shown, 1-based, clamped into range (a shrinking list never leaves an empty page). */
  page: number;
  pageCount: number;
  items: T[];
  /** 1-based positions of the first and last item shown; 0 and 0 for an empty list. */
  first: number;
  last: number;
  total: number;
}

export function paginate<T>(
  all: readonly T[],
  page: number,
  pageSize = HISTORY_PAGE_SIZE,
): Page<T> {
  const total = all.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  const items = all.slice(start, start + pageSize);
  return {
    page: current,
    pageCount,
    items,
    first: total === 0 ? 0 : start + 1,
    last: start + items.length,
    total,
  };
}

export function showingText({
  first,
  last,
  total,
}: Pick<Page<unknown>, 'first' | 'last' | 'total'>) {
  return `Showing ${first} - ${last} of ${total} downloads`;
}

/**
 * The numbered page buttons: all of them when there are few, otherwise the first, the last and
 * the current page's neighbours, with gaps ('…') between. Never more than 7 entries.
 */
export function pageNumbers(current: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  if (current <= 4) return [1, 2, 3, 4, 5, 'gap', pageCount];
  if (current >= pageCount - 3) {
    return [1, 'gap', pageCount - 4, pageCount - 3, pageCount - 2, pageCount - 1, pageCount];
  }
  return [1, 'gap', current - 1, current, current + 1, 'gap', pageCount];
}
