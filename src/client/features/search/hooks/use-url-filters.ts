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
    // Replaced in place, so a filter click does not jump the page back to the top.
    setParams((current) => writeFilters(current, next), { replace: true });
  };
  return [filters, setFilters] as const;
}
