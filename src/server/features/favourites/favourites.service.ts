import { HttpError, signInRequired } from '#server/http-error.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import {
  FAVOURITE_MESSAGES,
  FAVOURITES_LIMIT,
  type ImportFavouritesResponse,
} from '#shared/favourites/favourites.schemas.ts';
import { LogoSchema, type Logo } from '#shared/search/search.schemas.ts';
import { checkFileUrl } from '../files/files.url-policy.ts';
import type { Clock } from '../sessions/sessions.service.ts';
import type { FavouritesRepository } from './favourites.repository.ts';

type FavouritesServiceDeps = {
  repo: FavouritesRepository;
  /** Our public origin: an absolute address of a bundled icon is ours too. */
  selfOrigin?: string;
  /** How many favourites an account keeps (FAVOURITES_LIMIT; tests use fewer). */
  limit?: number;
  clock?: Clock;
};

/**
 * Favourites on the account (docs/product.md#favourites). A favourite is a snapshot of the logo,
 * shown again as a card: its file and preview must be where the files proxy fetches from
 * (Commons, or our bundled icons), so nobody keeps arbitrary links on WikiLogos.
 */
export function createFavouritesService(deps: FavouritesServiceDeps) {
  const { repo } = deps;
  const limit = deps.limit ?? FAVOURITES_LIMIT;
  const clock = deps.clock ?? (() => new Date());

  const allowed = (address: string) =>
    checkFileUrl(address, { selfOrigin: deps.selfOrigin }).kind !== 'refused';

  const isAllowed = (logo: Logo) =>
    allowed(logo.url) && (logo.thumbUrl === null || allowed(logo.thumbUrl));

  /** Stored rows are read back through the contract: a row that no longer fits is left out. */
  async function listWithDates(userId: number): Promise<Array<Logo & { addedAt: string }>> {
    const rows = await repo.list(userId);
    return rows.flatMap((row) => {
      const logo = LogoSchema.safeParse(row.logo);
      return logo.success ? [{ ...logo.data, addedAt: row.createdAt.toISOString() }] : [];
    });
  }

  async function listLogos(userId: number): Promise<Logo[]> {
    return (await listWithDates(userId)).map(({ addedAt: _addedAt, ...logo }) => logo);
  }

  const full = () => new HttpError(409, 'FAVOURITES_FULL', FAVOURITE_MESSAGES.full);

  return {
    list: (actor: User): Promise<Logo[]> => listLogos(actor.id),

    /** The account export's copy, with when each was added. */
    exportFor: listWithDates,

    async add(actor: User, logo: Logo): Promise<{ logo: Logo; added: boolean; count: number }> {
      if (!isAllowed(logo))
        throw new HttpError(400, 'VALIDATION_FAILED', FAVOURITE_MESSAGES.notAllowed);
      const result = await repo.addMany({
        userId: actor.id,
        logos: [{ url: logo.url, logo }],
        limit,
        now: clock(),
      });
      if (result.outcome === 'no-user') throw signInRequired();
      if (result.skipped > 0) throw full();
      return { logo, added: result.added > 0, count: result.count };
    },

    async remove(actor: User, url: string): Promise<{ removed: boolean; count: number }> {
      return repo.remove(actor.id, url);
    },

    /**
     * Merges a browser's favourites (newest first) into the account: those already kept are left
     * as they are, and when the account fills up the newest are kept and the rest counted as
     * skipped. Sending the same list twice adds nothing the second time. A logo whose file is not
     * where WikiLogos fetches from is left out rather than refusing the rest, which would keep
     * the browser's list from ever being merged.
     */
    async import(actor: User, logos: Logo[]): Promise<ImportFavouritesResponse> {
      const result = await repo.addMany({
        userId: actor.id,
        logos: logos.filter(isAllowed).map((logo) => ({ url: logo.url, logo })),
        limit,
        now: clock(),
      });
      if (result.outcome === 'no-user') throw signInRequired();
      return {
        favourites: await listLogos(actor.id),
        added: result.added,
        skipped: result.skipped,
      };
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
