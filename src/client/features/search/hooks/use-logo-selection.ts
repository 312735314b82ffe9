import { useMemo, useState } from 'react';
import type { Logo } from '#shared/search/search.schemas.ts';

/** Batch mode and the logos picked, kept whole so a batch outlives a new search. */
export function useLogoSelection() {
  const [batchMode, setBatchModeState] = useState(false);
  const [selected, setSelected] = useState<ReadonlyMap<string, Logo>>(new Map());

  const setBatchMode = (on: boolean) => {
    setBatchModeState(on);
    // Turning batch mode off clears the selection.
    if (!on) setSelected(new Map());
  };

  const toggle = (logo: Logo) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(logo.url)) next.delete(logo.url);
      else next.set(logo.url, logo);
      return next;
    });
  };

  const selectAll = (logos: readonly Logo[]) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const logo of logos) next.set(logo.url, logo);
      return next;
    });
  };

  const clear = () => setSelected(new Map());
  // In the order they were picked: a batch's files are named and written in that order.
  const selectedLogos = useMemo(() => [...selected.values()], [selected]);

  return {
    batchMode,
    setBatchMode,
    selectedLogos,
    selectedCount: selected.size,
    isSelected: (logo: Logo) => selected.has(logo.url),
    toggle,
    selectAll,
    clear,
  };
}
