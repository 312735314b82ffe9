import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readFilters, writeFilters, type LogoFilters } from '../logo-filters.ts';

/** The page's filters, kept in the address (so a view can be shared), replacing the entry. */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  // The params object is new on every navigation; its string keeps `filters` stable.
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
