/**
 * A US-English date format made on first use: making one loads time-zone data, tens of
 * milliseconds on a phone-speed CPU, which a page should not pay while it loads.
 */
function usFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | null = null;
  return (date) => (format ??= new Intl.DateTimeFormat('en-US', options)).format(date);
}

/** 'November 21, 2026', in the visitor's time zone, as everywhere in the product. */
export const longDate = usFormat({ dateStyle: 'long' });
const dateTime = usFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** A date from the API, or null when missing or invalid. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'November 21, 2026', or null for an empty or unreadable value. */
export function formatLongDate(value: string | null | undefined): string | null {
  const date = parseDate(value);
  return date ? longDate(date) : null;
}

/** 'Nov 21, 2026, 10:06 AM', or the raw value when it cannot be read. */
export function formatDateTime(value: string): string {
  const date = parseDate(value);
  return date ? dateTime(date) : value;
}
