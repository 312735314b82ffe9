import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '#shared/lib/api-error.ts';
import {
  SVG_CONTENT_SECURITY_POLICY,
  createFilesService,
  type FilesServiceDeps,
} from './files.service.ts';

export const FilesQuerySchema = z.object({
  url: z
    .string({ error: 'Give the address of the file to fetch (url=…).' })
    .trim()
    .min(1, 'Give the address of the file to fetch (url=…).')
    .max(2048, 'The file address is too long.'),
  download: z
    .enum(['1', '0', 'true', 'false'], { error: 'download must be 1 or 0.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/**
 * GET /api/files?url=…[&download=1]: a logo file's bytes, same-origin, for downloads, copying
 * SVG code and zips in the browser. `deps` is the only way to point it elsewhere (tests use a
 * local server); there is deliberately no environment switch for that.
 */
export function createFilesRoutes(deps: FilesServiceDeps): FastifyPluginAsyncZod {
  const files = createFilesService(deps);
  return async (app) => {
    app.get(
      '/files',
      {
        schema: {
          querystring: FilesQuerySchema,
          response: {
            200: z.unknown().describe('The file bytes (an image/* type)'),
            400: ApiErrorSchema,
            404: ApiErrorSchema,
            413: ApiErrorSchema,
            502: ApiErrorSchema,
            504: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const file = await files.open(request.query.url);
        const disposition = request.query.download ? 'attachment' : 'inline';
        reply
          .header('Content-Type', file.contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=86400')
          .header('Content-Disposition', `${disposition}; filename="${file.fileName}"`);
        // Whatever the type says, a proxied file opened on its own must not run or load anything.
        reply.header('Content-Security-Policy', SVG_CONTENT_SECURITY_POLICY);
        if (file.contentLength !== undefined) reply.header('Content-Length', file.contentLength);
        const { body } = file;
        if (typeof body === 'string') return reply.send(body);

        // The status is sent before the whole body is known. If the body then fails (too large,
        // stalled, cut by the host), the connection is cut, so the browser reports a failed
        // download instead of saving a short file that looks complete (a chunked or compressed
        // response would otherwise end cleanly). Fastify never sees the error: it would try to
        // answer it with a second status.
        const out = new PassThrough();
        body.once('error', (err) => {
          request.log.warn({ err: err.message }, 'file transfer cut off');
          reply.raw.destroy();
        });
        body.pipe(out);
        return reply.send(out);
      },
    );
  };
}
