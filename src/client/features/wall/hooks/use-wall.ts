import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedCallback } from 'use-debounce';
import type { Logo } from '#shared/search/search.schemas.ts';
import { useWallResolution, type WallResolution } from '../api/resolve-wall.ts';
import { saveStoredWall, useStoredWall } from '../stored-wall.ts';
import {
  layoutWall,
  logoAspect,
  logoForBackground,
  type WallLayout,
  type WallSettings,
} from '../wall-layout.ts';
import { readWallEntries, readWallSettings, wallSearch, type WallEntry } from '../wall-url.ts';

/** How long the address waits after the last change (a slider sends many). */
const ADDRESS_DELAY_MS = 300;

export type WallRowState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; retry: () => void }
  | { kind: 'missing' }
  | { kind: 'found'; logo: Logo; choices: Logo[] };

export type WallRow = { entry: WallEntry; state: WallRowState };

type WallState = { entries: WallEntry[]; settings: WallSettings };

function readState(params: URLSearchParams): WallState {
  return { entries: readWallEntries(params), settings: readWallSettings(params) };
}

/** The logo a row shows: the chosen file when it is among the choices, else the best match. */
function chosenLogo(entry: WallEntry, resolution: WallResolution): Logo | null {
  const choices = [resolution.logo, ...resolution.alternatives].filter((l): l is Logo => !!l);
  return choices.find((logo) => logo.title === entry.file) ?? resolution.logo ?? choices[0] ?? null;
}

function choicesOf(resolution: WallResolution): Logo[] {
  const all = [resolution.logo, ...resolution.alternatives].filter((l): l is Logo => !!l);
  return all.filter((logo, i) => all.findIndex((other) => other.url === logo.url) === i);
}

/**
 * The wall being built: its entries and settings (kept in the address, so the link shares it,
 * and the entries in the browser), each name's logos, and the laid-out wall of those found.
 */
export function useWall() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const [state, setState] = useState(() => readState(searchParams));
  const [seenSearch, setSeenSearch] = useState(search);
  const stored = useStoredWall();
  const [adopted, setAdopted] = useState(false);

  // The address changed from outside (a link to another wall, Back): it wins.
  if (search !== seenSearch) {
    setSeenSearch(search);
    if (search !== wallSearch(state.entries, state.settings)) setState(readState(searchParams));
  }
  // No names in the address: open the wall kept in this browser (known after hydration).
  if (!adopted && stored.length > 0) {
    setAdopted(true);
    if (state.entries.length === 0) setState({ ...state, entries: stored });
  }

  const writeAddress = useDebouncedCallback((next: WallState) => {
    const text = wallSearch(next.entries, next.settings);
    if (text !== new URLSearchParams(window.location.search).toString()) {
      setSearchParams(new URLSearchParams(text), { replace: true });
    }
  }, ADDRESS_DELAY_MS);
  useEffect(() => {
    writeAddress(state);
  }, [state, writeAddress]);
  // Leaving the page must not write this wall into the next page's address.
  useEffect(() => () => writeAddress.cancel(), [writeAddress]);
  useEffect(() => {
    // Only once the page knows the stored wall, so the server's empty first render keeps it.
    if (adopted || state.entries.length > 0) saveStoredWall(state.entries);
  }, [state.entries, adopted]);

  const names = useMemo(() => state.entries.map((entry) => entry.name), [state.entries]);
  const resolution = useWallResolution(names);

  const rows: WallRow[] = state.entries.map((entry, index) => {
    const query = resolution.queries[index]!;
    if (query.isPending) return { entry, state: { kind: 'loading' } };
    if (query.isError) {
      const message = query.error instanceof Error ? query.error.message : '';
      return { entry, state: { kind: 'failed', message, retry: () => void query.refetch() } };
    }
    const logo = chosenLogo(entry, query.data);
    if (!logo) return { entry, state: { kind: 'missing' } };
    return {
      entry,
      state: {
        kind: 'found',
        logo: logoForBackground(logo, state.settings.background),
        choices: choicesOf(query.data),
      },
    };
  });

  const placed = rows.flatMap((row) => (row.state.kind === 'found' ? [row.state.logo] : []));
  const layout: WallLayout = layoutWall(placed.map(logoAspect), state.settings);

  const setEntries = (entries: WallEntry[]) => setState((s) => ({ ...s, entries }));
  return {
    entries: state.entries,
    settings: state.settings,
    rows,
    /** The logos on the wall, in order, and where each is drawn. */
    placed: placed.map((logo, index) => ({ logo, box: layout.logos[index]! })),
    layout,
    /** Names answered so far, of all. */
    progress: { done: resolution.settled, total: names.length },
    setEntries,
    setSettings: (settings: WallSettings) => setState((s) => ({ ...s, settings })),
    /** The address to share (built now, not when the debounced address catches up). */
    shareSearch: wallSearch(state.entries, state.settings),
  };
}

export type Wall = ReturnType<typeof useWall>;
