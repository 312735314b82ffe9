import {
  DEFAULT_WALL_SETTINGS,
  WALL_ASPECTS,
  WALL_MAX_COLUMNS,
  WALL_MAX_GAP,
  WALL_MAX_PADDING,
  isHexColour,
  type WallBackground,
  type WallColour,
  type WallSettings,
} from './wall-layout.ts';
import { MAX_WALL_NAMES } from './wall-input.ts';

/*
 * The wall in its address, so a colleague who opens the link sees the same wall:
 *   /wall?names=Google%0AApple&files=%0AApple_logo.svg&cols=4&gap=8&pad=10&ar=3x2&bg=000000&colour=grey&bal=50
 * `names` and `files` (Commons file titles, same order, empty = automatic) are the entry contract
 * other pages link with; the settings are written only when they differ from the defaults.
 */

export const WALL_PATH = '/wall';

/** One logo of the wall: the name to look up, and the file chosen for it (none: the best match). */
export type WallEntry = { name: string; file?: string };

const SETTINGS_PARAMS = ['cols', 'gap', 'pad', 'ar', 'bg', 'colour', 'bal'] as const;

function lines(value: string | null): string[] {
  return value === null ? [] : value.split('\n');
}

/** The entries in an address (at most MAX_WALL_NAMES; blank names dropped). */
export function readWallEntries(params: URLSearchParams): WallEntry[] {
  const files = lines(params.get('files'));
  const entries: WallEntry[] = [];
  lines(params.get('names')).forEach((raw, index) => {
    const name = raw.trim();
    const file = files[index]?.trim();
    if (name) entries.push(file ? { name, file } : { name });
  });
  return entries.slice(0, MAX_WALL_NAMES);
}

function wholeIn(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function colourParam(value: string | null): `#${string}` | null {
  const hex = `#${(value ?? '').toLowerCase()}`;
  return isHexColour(hex) ? hex : null;
}

/** The settings in an address; a missing or unreadable one is its default. */
export function readWallSettings(params: URLSearchParams): WallSettings {
  const d = DEFAULT_WALL_SETTINGS;
  const cols = params.get('cols');
  const ar = params.get('ar')?.replace('x', ':');
  const bg = params.get('bg');
  const colour = params.get('colour');
  return {
    columns: cols === 'auto' ? 'auto' : (wholeIn(cols, 1, WALL_MAX_COLUMNS) ?? d.columns),
    gap: wholeIn(params.get('gap'), 0, WALL_MAX_GAP) ?? d.gap,
    padding: wholeIn(params.get('pad'), 0, WALL_MAX_PADDING) ?? d.padding,
    aspect: WALL_ASPECTS.find((a) => a === ar) ?? d.aspect,
    background:
      bg === 'transparent' || bg === 'white' || bg === 'black'
        ? bg
        : (colourParam(bg) ?? d.background),
    colour:
      colour === 'original'
        ? 'original'
        : colour === 'grey'
          ? 'greyscale'
          : (colourParam(colour) ?? d.colour),
    balance: wholeIn(params.get('bal'), 0, 100) ?? d.balance,
  };
}

function settingValues(s: WallSettings): Record<(typeof SETTINGS_PARAMS)[number], string> {
  const colour = (c: WallBackground | WallColour) => (c.startsWith('#') ? c.slice(1) : c);
  return {
    cols: String(s.columns),
    gap: String(s.gap),
    pad: String(s.padding),
    ar: s.aspect.replace(':', 'x'),
    bg: colour(s.background),
    colour: s.colour === 'greyscale' ? 'grey' : colour(s.colour),
    bal: String(s.balance),
  };
}

/** The query string of a wall (without '?'): its entries, then the settings that are not defaults. */
export function wallSearch(
  entries: readonly WallEntry[],
  settings: WallSettings = DEFAULT_WALL_SETTINGS,
): string {
  const params = new URLSearchParams();
  if (entries.length > 0) {
    params.set('names', entries.map((entry) => entry.name).join('\n'));
    if (entries.some((entry) => entry.file)) {
      params.set('files', entries.map((entry) => entry.file ?? '').join('\n'));
    }
  }
  const values = settingValues(settings);
  const defaults = settingValues(DEFAULT_WALL_SETTINGS);
  for (const name of SETTINGS_PARAMS) {
    if (values[name] !== defaults[name]) params.set(name, values[name]);
  }
  return params.toString();
}

/** The address of a wall of these logos (the link other pages use to open one). */
export function wallHref(entries: readonly { name: string; file?: string }[]): string {
  const search = wallSearch(entries);
  return search ? `${WALL_PATH}?${search}` : WALL_PATH;
}
