import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built client (dist/client). Vite's hashed files under /assets never change, so they
 * are cached for a year; everything else, index.html above all, is revalidated on each visit.
 * Returns the SPA fallback: index.html for any non-API path the router did not match.
 */
export async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexHtml = await readFile(path.join(clientDir, 'index.html'));
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply
      .status(200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  app.get('/', (_request, reply) => sendIndex(reply));
  return sendIndex;
}
