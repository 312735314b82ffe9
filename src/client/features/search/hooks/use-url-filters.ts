import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readFilters, writeFilters, type LogoFilters } from '../logo-filters.ts';

/**
 * The page's filters, read from and written to the address (the address is the source of truth,
 * so a filtered view can be shared). Changes replace the current history entry rather than
 * adding one per click.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  // The params object changes identity on every navigation; its string form says whether the
  // filters really changed, so the memo (and everything keyed on `filters`) stays stable.
  const key = params.toString();
  const filters = useMemo(() => readFilters(new URLSearchParams(key)), [key]);
  const setFilters = (next: LogoFilters) => {
    setParams((current) => writeFilters(current, next), {
      replace: true,
      // A filter click must not jump the page back to the top.
      preventScrollReset: true,
    });
  };
  return [filters, setFilters] as const;
}
