import type { BackupsResponse } from '#shared/admin/backups.schemas.ts';

const units = ['bytes', 'KB', 'MB', 'GB'] as const;

/** '4.7 MB': decimal units with one decimal from KB up, as file managers show them. */
export function formatBackupSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** What the schedule does, in one sentence. */
export function backupScheduleText({
  intervalHours,
  keep,
}: Pick<BackupsResponse, 'intervalHours' | 'keep'>): string {
  const kept = `the newest ${keep === 1 ? 'backup is' : `${keep} backups are`} kept`;
  if (intervalHours <= 0) {
    return `Automatic backups are off (BACKUP_INTERVAL_HOURS=0); ${kept}.`;
  }
  const every =
    intervalHours === 1
      ? 'every hour'
      : intervalHours % 24 === 0
        ? intervalHours === 24
          ? 'every day'
          : `every ${intervalHours / 24} days`
        : `every ${intervalHours} hours`;
  return `A backup is taken automatically ${every}; ${kept}.`;
}
