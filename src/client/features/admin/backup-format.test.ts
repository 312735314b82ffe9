import { describe, expect, it } from 'vitest';
import { backupScheduleText, formatBackupSize } from './backup-format.ts';

describe('formatBackupSize', () => {
  it('shows bytes, then KB, MB and GB with one decimal', () => {
    expect(formatBackupSize(1)).toBe('1 byte');
    expect(formatBackupSize(999)).toBe('999 bytes');
    expect(formatBackupSize(4_670_132)).toBe('4.7 MB');
    expect(formatBackupSize(12_300)).toBe('12.3 KB');
    expect(formatBackupSize(2_500_000_000)).toBe('2.5 GB');
  });
});

describe('backupScheduleText', () => {
  it('says how often and how many are kept, or that the schedule is off', () => {
    expect(backupScheduleText({ intervalHours: 24, keep: 7 })).toBe(
      'A backup is taken automatically every day; the newest 7 backups are kept.',
    );
    expect(backupScheduleText({ intervalHours: 6, keep: 1 })).toBe(
      'A backup is taken automatically every 6 hours; the newest backup is kept.',
    );
    expect(backupScheduleText({ intervalHours: 168, keep: 4 })).toBe(
      'A backup is taken automatically every 7 days; the newest 4 backups are kept.',
    );
    expect(backupScheduleText({ intervalHours: 0, keep: 7 })).toBe(
      'Automatic backups are off (BACKUP_INTERVAL_HOURS=0); the newest 7 backups are kept.',
    );
  });
});
