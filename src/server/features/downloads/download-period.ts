/*
 * The free allowance's period: it starts at the first counted download and ends one calendar
 * month later (UTC), after which the count starts again. The SQL in downloads.repository.ts does
 * the same arithmetic (`(start at time zone 'UTC' + interval '1 month') at time zone 'UTC'`), so the
 * two agree on month ends too: 31 January + 1 month = 28 (or 29) February.
 */

/** `date` plus `months` calendar months in UTC, the day clamped to the target month's last day. */
export function addCalendarMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

/** When the period that began at `start` ends; null when no period has begun. */
export function downloadPeriodEnd(start: Date | null): Date | null {
  return start ? addCalendarMonths(start, 1) : null;
}

/** Whether a period began at `start` and is still running at `now`. */
export function isPeriodActive(start: Date | null, now: Date): boolean {
  const end = downloadPeriodEnd(start);
  return end !== null && now.getTime() < end.getTime();
}

/** The downloads that count against the allowance now: 0 once the period has ended. */
export function effectiveDownloadCount(
  row: { downloadCount: number; downloadPeriodStart: Date | null },
  now: Date,
): number {
  return isPeriodActive(row.downloadPeriodStart, now) ? row.downloadCount : 0;
}

export function isPremium(subscriptionExpiryDate: Date | null, now: Date): boolean {
  return subscriptionExpiryDate !== null && subscriptionExpiryDate.getTime() > now.getTime();
}
