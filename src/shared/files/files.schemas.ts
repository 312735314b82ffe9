import { z } from 'zod';

/** GET /api/files: a logo file's bytes through WikiLogos' own proxy (see files.routes.ts). */
export const FILES_PATH = '/api/files';

export const FilesQuerySchema = z.object({
  url: z
    .string({ error: 'Give the address of the file to fetch (url=…).' })
    .trim()
    .min(1, 'Give the address of the file to fetch (url=…).')
    .max(2048, 'The file address is too long.'),
  /** 1: answer as an attachment with the file's name, for a plain download. */
  download: z
    .enum(['1', '0', 'true', 'false'], { error: 'download must be 1 or 0.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** The query as a client sends it. */
export type FilesQuery = z.input<typeof FilesQuerySchema>;
