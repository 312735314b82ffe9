import { Transform } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Redis } from 'ioredis';
import { HttpError } from '#server/http-error.ts';
import { addressBucket } from '#server/lib/client-address.ts';
import { FilesQuerySchema } from '#shared/files/files.schemas.ts';
import { apiErrors } from '#shared/lib/api-error.ts';
import { createWindowBudget } from './file-budget.ts';
import {
  SVG_CONTENT_SECURITY_POLICY,
  createFilesService,
  type FilesServiceDeps,
} from './files.service.ts';

type FilesBudget = {
  filesPerMinute: number;
  bytesPerMinute: number;
  /** Shares both budgets between instances; in this process when null. */
  redis?: Redis | null;
};

const MINUTE_MS = 60_000;
const seconds = (ms: number) => {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return `${s} second${s === 1 ? '' : 's'}`;
};
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * GET /api/files?url=…[&download=1]: a logo file's bytes, same-origin. Only `deps` (tests) can
 * point it elsewhere, never the environment; a per-address budget keeps it from being a mirror.
 */
export function createFilesRoutes(
  deps: FilesServiceDeps,
  budget: FilesBudget = { filesPerMinute: 300, bytesPerMinute: 100 * 1024 * 1024 },
): FastifyPluginAsyncZod {
  const files = createFilesService(deps);
  const perMinute = (limit: number, nameSpace: string) =>
    createWindowBudget({ limit, windowMs: MINUTE_MS, redis: budget.redis ?? null, nameSpace });
  const fileCount = perMinute(budget.filesPerMinute, 'wikilogos:files:');
  const bytes = perMinute(budget.bytesPerMinute, 'wikilogos:file-bytes:');
  const refuse = (reply: FastifyReply, waitMs: number, message: string) => {
    reply.header('Retry-After', Math.ceil(waitMs / 1000));
    const text = `${message} Please wait ${seconds(waitMs)} and try again.`;
    return new HttpError(429, 'RATE_LIMITED', text);
  };
  const tooManyFiles = `Your address has fetched ${budget.filesPerMinute} files in the last minute, the most WikiLogos passes on.`;
  const tooManyBytes = `Your address has been sent ${megabytes(budget.bytesPerMinute)} of files in the last minute, the most WikiLogos passes on.`;

  return async (app) => {
    app.get(
      '/files',
      {
        schema: {
          querystring: FilesQuerySchema,
          response: {
            200: z.unknown().describe('The file bytes (an image/* type)'),
            ...apiErrors(400, 404, 413, 429, 502, 504),
          },
        },
      },
      async (request, reply) => {
        const key = addressBucket(request.ip);
        const bytesWait = await bytes.waitMs(key);
        if (bytesWait > 0) throw refuse(reply, bytesWait, tooManyBytes);
        const filesWait = await fileCount.take(key, 1);
        if (filesWait > 0) throw refuse(reply, filesWait, tooManyFiles);
        const file = await files.open(request.query.url);
        // The declared size is taken before any byte is sent; what is really served settles it.
        const reserved = file.contentLength ?? 0;
        const refusedFor = await bytes.take(key, reserved);
        if (refusedFor > 0) {
          if (typeof file.body !== 'string') file.body.destroy();
          throw refuse(reply, refusedFor, tooManyBytes);
        }
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

        // A failing body (too large, stalled, cut) after the status went out cuts the connection:
        // the browser reports a failed download, not a short file that looks complete. Fastify
        // never sees that error (it would answer it with a second status).
        let served = 0;
        const out = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            served += chunk.length;
            callback(null, chunk);
          },
        });
        out.once('close', () => {
          if (served !== reserved) {
            bytes.add(key, served - reserved).catch((err: unknown) => {
              request.log.warn({ err }, 'could not count the bytes of a file');
            });
          }
        });
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
