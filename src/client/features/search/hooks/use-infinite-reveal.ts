import { useEffect, useState } from 'react';

/** 12 results at first and 12 more per step, 300 ms after the end marker shows (docs/product.md). */
const REVEAL_STEP = 12;
const REVEAL_DELAY_MS = 300;
/** The share of the end marker that must be on screen. */
const MARKER_THRESHOLD = 0.1;
/**
 * Server pages fetched in a row without a new result (a strict filter) before 'Load more results'
 * takes over, so one filter cannot walk every Commons page on its own.
 */
const MAX_EMPTY_FETCHES = 2;

/**
 * Infinite scroll over a growing list: 12 items, 12 more each time the end marker shows, and the
 * server's next page once the last loaded step is revealed. A new `resetKey` starts again at 12.
 */
export function useInfiniteReveal({
  total,
  resetKey,
  hasMore = false,
  isFetchingMore = false,
  fetchMore,
}: {
  total: number;
  resetKey: string;
  hasMore?: boolean;
  isFetchingMore?: boolean;
  fetchMore?: () => unknown;
}) {
  const [reveal, setReveal] = useState({ key: resetKey, count: REVEAL_STEP });
  const [emptyFetches, setEmptyFetches] = useState({
    key: resetKey,
    fetching: isFetchingMore,
    totalBefore: total,
    count: 0,
  });
  const [revealing, setRevealing] = useState(false);

  // Adjusting state while rendering (not in an effect) so the new query never flashes 40 items.
  let count = reveal.count;
  if (reveal.key !== resetKey) {
    setReveal({ key: resetKey, count: REVEAL_STEP });
    count = REVEAL_STEP;
  }
  let empty = emptyFetches.count;
  if (emptyFetches.key !== resetKey) {
    setEmptyFetches({ key: resetKey, fetching: isFetchingMore, totalBefore: total, count: 0 });
    empty = 0;
  } else if (emptyFetches.fetching !== isFetchingMore) {
    // A fetch started or finished: count how many finished without adding anything.
    empty = isFetchingMore
      ? emptyFetches.count
      : total > emptyFetches.totalBefore
        ? 0
        : emptyFetches.count + 1;
    setEmptyFetches({ key: resetKey, fetching: isFetchingMore, totalBefore: total, count: empty });
  }

  const autoFetch = hasMore && empty < MAX_EMPTY_FETCHES;
  const allShown = count >= total;
  // A callback ref kept in state: the observer starts when the marker actually enters the page.
  const [marker, setMarker] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!marker || (allShown && !autoFetch)) return;
    let timer: number | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (!allShown) {
          if (timer !== undefined) return;
          setRevealing(true);
          timer = window.setTimeout(() => {
            timer = undefined;
            setRevealing(false);
            setReveal((current) => ({ ...current, count: current.count + REVEAL_STEP }));
          }, REVEAL_DELAY_MS);
          // The last loaded step is about to show: ask the server for the next page already.
          if (count + REVEAL_STEP >= total && autoFetch && !isFetchingMore) fetchMore?.();
        } else if (autoFetch && !isFetchingMore) {
          fetchMore?.();
        }
      },
      { threshold: MARKER_THRESHOLD },
    );
    // A fresh observer reports the marker's current state at once, so a marker that is still on
    // screen after a step (short lists, tall screens) keeps the list growing.
    observer.observe(marker);
    return () => {
      observer.disconnect();
      if (timer !== undefined) {
        window.clearTimeout(timer);
        setRevealing(false);
      }
    };
  }, [marker, allShown, autoFetch, count, total, isFetchingMore, fetchMore, resetKey]);

  return {
    /** How many items to render. */
    visibleCount: Math.min(count, total),
    /** Pass as the `ref` of an element after the list. */
    setMarker,
    /** 'Loading more results...' is due. */
    isLoadingMore: revealing || (allShown && isFetchingMore),
    /** Everything loaded is shown, the server has more, but automatic loading stopped. */
    needsManualLoad: allShown && hasMore && !autoFetch && !isFetchingMore,
    /** Whether the end marker should be in the page at all. */
    hasMoreToShow: !allShown || hasMore,
  };
}
