import { z } from 'zod';
import { LogoSchema } from '#shared/search/search.schemas.ts';

/** POST /api/wall/resolve: the best logo for each name of a logo wall, with alternatives. */
export const WallResolveBodySchema = z.object({
  names: z.array(z.string().trim().min(1).max(200)).min(1).max(100),
});
export type WallResolveBody = z.infer<typeof WallResolveBodySchema>;

export const WallResolveResponseSchema = z.object({
  results: z.array(
    z.object({ name: z.string(), logo: LogoSchema.nullable(), alternatives: z.array(LogoSchema) }),
  ),
});
export type WallResolveResponse = z.infer<typeof WallResolveResponseSchema>;
