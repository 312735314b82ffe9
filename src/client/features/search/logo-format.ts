// How a logo's facts read on cards and in the detail dialog (docs/product.md).

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * 'January 5, 2024', or 'Unknown date' when missing or invalid. Commons timestamps are UTC; reading
 * them in UTC keeps a file uploaded at 23:30 on its own day. Written out by hand rather than with
 * an `Intl.DateTimeFormat` in UTC: making one loads time-zone data, about 46 ms on a phone-speed
 * CPU, in the middle of the results page's load.
 */
export function formatLogoDate(value: string | null | undefined): string {
  const time = Date.parse(value ?? '');
  if (Number.isNaN(time)) return 'Unknown date';
  const date = new Date(time);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** '512 B', '1.5 KB', '2.0 MB', or 'Unknown size'. Whole bytes need no decimal. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return 'Unknown size';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

/** '2560 × 1440 px', or 'Unknown dimensions'. */
export function formatDimensions(
  width: number | null | undefined,
  height: number | null | undefined,
): string {
  if (!width || !height) return 'Unknown dimensions';
  return `${Math.round(width)} × ${Math.round(height)} px`;
}

/** Up to two letters for the placeholder shown when a logo's image cannot be loaded. */
export function logoInitials(title: string): string {
  const words = title
    // 'Google 2015 logo' → 'G'; the word 'logo' and years say nothing about the brand.
    .replace(/\b(logo|icon|wordmark|svg|png|jpe?g|gif)\b/gi, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !/^\d+$/.test(word));
  const letters = words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return letters || (title.trim()[0]?.toUpperCase() ?? '?');
}
