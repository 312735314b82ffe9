import { z } from 'zod';
import { browserStore } from '#client/lib/stored-preference.ts';
import { MAX_WALL_NAMES } from './wall-input.ts';
import type { WallEntry } from './wall-url.ts';

/*
 * The wall a person is building, kept in their browser: 'Add to wall' on a logo appends to it
 * and /wall without names in its address opens it. The wall page writes back what it shows.
 */

const StoredWallSchema = z
  .array(z.object({ name: z.string().trim().min(1).max(200), file: z.string().optional() }))
  .max(MAX_WALL_NAMES);

const EMPTY: WallEntry[] = [];

const store = browserStore<WallEntry[]>(
  'logo-wall',
  (stored) => {
    if (stored === null) return EMPTY;
    try {
      const parsed = StoredWallSchema.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : EMPTY;
    } catch {
      return EMPTY;
    }
  },
  (entries) => (entries.length === 0 ? null : JSON.stringify(entries)),
);

export const useStoredWall = store.use;
export const readStoredWall = store.get;
export const saveStoredWall = store.set;

export type AddToWallOutcome = 'added' | 'already' | 'full';

/** Adds a logo (its name and file) to the stored wall; a name already there gets this file. */
export function addToStoredWall(entry: WallEntry): AddToWallOutcome {
  const entries = store.get();
  const key = entry.name.trim().toLowerCase();
  const index = entries.findIndex((e) => e.name.toLowerCase() === key);
  if (index !== -1) {
    if (entries[index]!.file === entry.file) return 'already';
    store.set(entries.map((e, i) => (i === index ? entry : e)));
    return 'added';
  }
  if (entries.length >= MAX_WALL_NAMES) return 'full';
  store.set([...entries, entry]);
  return 'added';
}
