import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  downloadPeriodEnd,
  effectiveDownloadCount,
  isCurrentPeriod,
  isPeriodActive,
} from './download-period.ts';

const at = (iso: string) => new Date(iso);

describe('the download period', () => {
  it.each([
    ['2026-03-15T08:30:00.000Z', 1, '2026-04-15T08:30:00.000Z'],
    ['2026-01-31T12:00:00.000Z', 1, '2026-02-28T12:00:00.000Z'],
    ['2028-01-31T12:00:00.000Z', 1, '2028-02-29T12:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', 1, '2027-01-31T23:59:59.999Z'],
    ['2026-05-31T00:00:00.000Z', 12, '2027-05-31T00:00:00.000Z'],
    ['2028-02-29T10:00:00.000Z', 12, '2029-02-28T10:00:00.000Z'],
  ])('%s plus %i calendar month(s) is %s (as PostgreSQL counts)', (start, months, end) => {
    expect(addCalendarMonths(at(start), months).toISOString()).toBe(end);
  });

  it('has not begun before the first download, and ends a month after it', () => {
    expect(downloadPeriodEnd(null)).toBeNull();
    const start = at('2026-03-15T08:30:00Z');
    expect(isPeriodActive(null, start)).toBe(false);
    expect(isPeriodActive(start, at('2026-04-15T08:29:59.999Z'))).toBe(true);
    expect(isPeriodActive(start, at('2026-04-15T08:30:00Z'))).toBe(false);
  });

  it('reports nothing used once the period is over', () => {
    const row = { downloadCount: 7, downloadPeriodStart: at('2026-03-15T08:30:00Z') };
    expect(effectiveDownloadCount(row, at('2026-04-01T00:00:00Z'))).toBe(7);
    expect(effectiveDownloadCount(row, at('2026-04-15T08:30:00Z'))).toBe(0);
    expect(
      effectiveDownloadCount({ downloadCount: 3, downloadPeriodStart: null }, at('2026-04-01')),
    ).toBe(0);
  });

  it('ends a period at once when Premium ended inside it, never for Premium that ended before', () => {
    const start = at('2026-03-15T08:30:00Z');
    const row = (expiry: string | null) => ({
      downloadCount: 40,
      downloadPeriodStart: start,
      subscriptionExpiryDate: expiry ? at(expiry) : null,
    });
    const now = at('2026-03-20T00:00:00Z');
    // Premium still running: its downloads this period are counted.
    expect(effectiveDownloadCount(row('2026-06-01T00:00:00Z'), now)).toBe(40);
    // Premium ended after the period began: the Free allowance starts afresh.
    expect(isCurrentPeriod(row('2026-03-18T00:00:00Z'), now)).toBe(false);
    expect(effectiveDownloadCount(row('2026-03-18T00:00:00Z'), now)).toBe(0);
    // Premium ended before the period began: an ordinary Free period.
    expect(effectiveDownloadCount(row('2026-03-01T00:00:00Z'), now)).toBe(40);
  });
});
