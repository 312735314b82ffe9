import { z } from 'zod';
import { LogoSchema } from '#shared/search/search.schemas.ts';

/**
 * A company's page (docs/product.md#logo-history): its Wikidata item, its official logos over time
 * and the other logo files Commons has for it. GET /api/brands/:qid answers it.
 */

const QID_MESSAGE = 'The company must be a Wikidata item id such as Q2283.';

export const BrandParamsSchema = z.object({
  qid: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^Q[1-9]\d{0,11}$/, QID_MESSAGE)),
});

/** One official logo (Wikidata P154) and when it was used. */
export const LogoPeriodSchema = z.object({
  logo: LogoSchema,
  /** As precise as Wikidata says it: '1987', '2012-08' or '2012-08-23'; null when not given. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** The logo in use now (no end; the preferred one when Wikidata marks one). */
  current: z.boolean(),
});
export type LogoPeriod = z.infer<typeof LogoPeriodSchema>;

export const BrandSchema = z.object({
  /** The Wikidata item id, 'Q2283'. */
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Its official website (P856), an http(s) address. */
  website: z.string().nullable(),
  /** Official logos, newest first. */
  history: z.array(LogoPeriodSchema),
  /** The search results for its name, without the logos above. */
  otherLogos: z.array(LogoSchema),
  /** Shown as a notice, e.g. when Commons could not be searched for the other logos. */
  warnings: z.array(z.string()).optional(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const BRAND_MESSAGES = {
  notFound: 'Wikidata has no item with this id.',
  off: 'Company pages are not available on this server.',
  unavailable:
    'Wikidata is not reachable right now, so this company page cannot be shown. Please try again in a minute.',
} as const;
