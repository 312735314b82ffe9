import { z } from 'zod';
import { browserStore } from '#client/lib/stored-preference.ts';
import { FAVOURITES_LIMIT } from '#shared/favourites/favourites.schemas.ts';
import { LogoSchema, type Logo } from '#shared/search/search.schemas.ts';

const STORAGE_KEY = 'wikilogos.favourites';
const StoredSchema = z.array(LogoSchema);
const NONE: readonly Logo[] = [];

/** A guest's favourites, newest first, in this browser (docs/product.md#favourites). */
export const browserFavourites = browserStore<readonly Logo[]>(
  STORAGE_KEY,
  (stored) => {
    if (stored === null) return NONE;
    try {
      // Whatever else is stored there (an older shape, a hand edit) reads as no favourites.
      return StoredSchema.catch([]).parse(JSON.parse(stored));
    } catch {
      return NONE;
    }
  },
  (logos) => (logos.length === 0 ? null : JSON.stringify(logos)),
);

/** Adds a logo first, or leaves the list as it is when it is kept already or full. */
export function addToBrowser(logo: Logo): 'added' | 'kept' | 'full' {
  const logos = browserFavourites.get();
  if (logos.some((kept) => kept.url === logo.url)) return 'kept';
  if (logos.length >= FAVOURITES_LIMIT) return 'full';
  browserFavourites.set([logo, ...logos]);
  return 'added';
}

/** Removes the logos with these addresses (after a merge: only those merged). */
export function removeFromBrowser(urls: readonly string[]): void {
  const gone = new Set(urls);
  browserFavourites.set(browserFavourites.get().filter((logo) => !gone.has(logo.url)));
}
