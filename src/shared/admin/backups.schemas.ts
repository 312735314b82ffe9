import { z } from 'zod';

/** One backup file of the embedded database, in DATA_DIR/backups. */
const BackupSchema = z.object({
  /** The file name, e.g. wikilogos-2026-01-31T02-00-00-000Z.tar.gz. */
  name: z.string(),
  size: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Backup = z.infer<typeof BackupSchema>;

/** POST /api/admin/backups → 201. */
export const CreateBackupResponseSchema = BackupSchema;

/**
 * GET /api/admin/backups — newest first. `managedBy: 'postgres'`: the server runs on DATABASE_URL,
 * whose backups are PostgreSQL's own (pg_dump), so the list is empty and 'Back up now' answers 409.
 */
export const BackupsResponseSchema = z.object({
  backups: z.array(BackupSchema),
  managedBy: z.enum(['wikilogos', 'postgres']),
  /** Hours between scheduled backups; 0 when the schedule is off. */
  intervalHours: z.number().nonnegative(),
  /** How many backups are kept; older ones are deleted after each new one. */
  keep: z.number().int().positive(),
});
export type BackupsResponse = z.infer<typeof BackupsResponseSchema>;
