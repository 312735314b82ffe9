import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrors } from '#shared/lib/api-error.ts';
import { BrandParamsSchema, BrandSchema } from '#shared/brands/brands.schemas.ts';
import type { BrandsService } from './brands.service.ts';

/** GET /api/brands/:qid: a company's logo history, for everyone. */
export const createBrandsRoutes =
  (brands: BrandsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/brands/:qid',
      {
        schema: {
          params: BrandParamsSchema,
          response: { 200: BrandSchema, ...apiErrors(400, 404, 503) },
        },
      },
      async (request, reply) => {
        const brand = await brands.getBrand(request.params.qid);
        // Private, like search answers: it may carry a notice about this moment's outage.
        reply.header('Cache-Control', 'private, max-age=60');
        return brand;
      },
    );
  };
