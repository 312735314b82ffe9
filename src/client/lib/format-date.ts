/** Long US dates in the visitor's time zone, as everywhere in the product. */
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'November 21, 2026', or null for an empty or unreadable value. */
export function formatLongDate(value: string | null | undefined): string | null {
  const date = parse(value);
  return date ? longDate.format(date) : null;
}

/** 'Nov 21, 2026, 10:06 AM', or the raw value when it cannot be read. */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? dateTime.format(date) : value;
}
