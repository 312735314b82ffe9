import { z } from 'zod';
import { LogoSchema } from '#shared/search/search.schemas.ts';

// The logo wall (docs/product.md#logo-wall): many company names in, each one's best logo out.

/** More would make one request hold the upstream budget of many searches. */
export const WALL_MAX_NAMES = 100;
/** As long as a search may be. */
export const WALL_MAX_NAME_LENGTH = 200;
/** Other candidates sent per name: one results page. */
export const WALL_MAX_ALTERNATIVES = 24;

export const WALL_MESSAGES = {
  noNames: 'Add at least one company name to the wall.',
  tooManyNames: `A wall holds at most ${WALL_MAX_NAMES} names. Remove some and try again.`,
  notAList: 'names must be a list of company names.',
  notAName: 'Each name must be text, like "Stripe" or "ikea.com".',
  emptyName: 'A name on the wall is empty: remove it or type a company name.',
  longName: `A name on the wall is too long: use at most ${WALL_MAX_NAME_LENGTH} characters.`,
} as const;

/** POST /api/wall/resolve: the names in the order the wall shows them. */
export const WallResolveBodySchema = z.object({
  names: z
    .array(
      z
        .string({ error: WALL_MESSAGES.notAName })
        .trim()
        .min(1, WALL_MESSAGES.emptyName)
        .max(WALL_MAX_NAME_LENGTH, WALL_MESSAGES.longName),
      { error: WALL_MESSAGES.notAList },
    )
    .min(1, WALL_MESSAGES.noNames)
    .max(WALL_MAX_NAMES, WALL_MESSAGES.tooManyNames),
});
export type WallResolveBody = z.input<typeof WallResolveBodySchema>;

export const WallResultSchema = z.object({
  /** The name as given, trimmed. */
  name: z.string(),
  /** The best logo: the official current one where Wikidata has one, else the best-ranked result. */
  logo: LogoSchema.nullable(),
  /** The other candidates, best first, at most WALL_MAX_ALTERNATIVES. */
  alternatives: z.array(LogoSchema),
});
export type WallResult = z.infer<typeof WallResultSchema>;

/** One result per name, in the order given. */
export const WallResolveResponseSchema = z.object({ results: z.array(WallResultSchema) });
export type WallResolveResponse = z.infer<typeof WallResolveResponseSchema>;
