/*
 * A period runs from the first counted download to one calendar month later (UTC); one that Premium
 * ended during is over at once, so Premium downloads never use up the Free allowance after.
 * downloads.repository.ts does the same in SQL (31 January + 1 month = 28 or 29 February).
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

type PeriodRow = { downloadPeriodStart: Date | null; subscriptionExpiryDate?: Date | null };

/**
 * Whether the row's period runs at `now`: begun, before its month's end, and no Premium ended in
 * it (the SQL in downloads.repository.ts agrees).
 */
export function isCurrentPeriod(row: PeriodRow, now: Date): boolean {
  const start = row.downloadPeriodStart;
  if (!isPeriodActive(start, now)) return false;
  const expiry = row.subscriptionExpiryDate ?? null;
  const premiumEndedInside =
    expiry !== null && expiry.getTime() <= now.getTime() && expiry.getTime() > start!.getTime();
  return !premiumEndedInside;
}

/** The downloads counted in the current period now: 0 once it has ended. */
export function effectiveDownloadCount(
  row: PeriodRow & { downloadCount: number },
  now: Date,
): number {
  return isCurrentPeriod(row, now) ? row.downloadCount : 0;
}
