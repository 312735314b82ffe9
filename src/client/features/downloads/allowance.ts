import { DOWNLOAD_MESSAGES, type CheckLimitResponse } from '#shared/downloads/downloads.schemas.ts';
import { longDate, parseDate } from '#client/lib/format-date.ts';

export const ALREADY_DOWNLOADED_MESSAGE =
  "You downloaded this logo this month — downloading it again doesn't count.";
export const GUEST_ALREADY_DOWNLOADED_MESSAGE =
  "You downloaded this logo in this browser session — downloading it again doesn't count.";
export const MONTH_USED_UP_MESSAGE = "You've reached your download limit for this month.";
/** What a Download button at the limit says, and why the upgrade dialog it opens came up. */
export const LIMIT_REACHED_PROMPT = 'Download limit reached. Subscribe for unlimited downloads.';

/**
 * What the caller may still download, said before they click: unlimited (Premium), remaining (with
 * a note when this logo was already downloaded in the period and does not count again), or blocked
 * (with Upgrade, or Sign Up when a guest's network used up the day's downloads).
 */
export type Allowance =
  | { kind: 'unlimited'; text: string }
  | { kind: 'remaining'; text: string; note: string | null }
  | { kind: 'blocked'; text: string; resetsOn: string | null; action: 'upgrade' | 'sign-up' };

export function describeAllowance(limit: CheckLimitResponse): Allowance {
  if (limit.isSubscribed) return { kind: 'unlimited', text: 'Unlimited downloads' };
  const remaining = limit.remaining ?? Math.max(0, limit.limit - limit.downloadCount);
  // Downloading a logo again in its period is free, even with nothing left.
  if (!limit.canDownload || (remaining <= 0 && !limit.alreadyDownloaded)) {
    const address = limit.isGuest && remaining > 0 ? limit.guestAddress : undefined;
    if (address?.reached) {
      return {
        kind: 'blocked',
        text: DOWNLOAD_MESSAGES.guestAddressLimit(address.limit),
        resetsOn: null,
        action: 'sign-up',
      };
    }
    const resets = limit.isGuest ? null : parseDate(limit.periodEndsAt);
    return {
      kind: 'blocked',
      text: limit.isGuest ? DOWNLOAD_MESSAGES.guestLimit : MONTH_USED_UP_MESSAGE,
      resetsOn: resets ? longDate(resets) : null,
      action: 'upgrade',
    };
  }
  const period = limit.isGuest ? 'in this browser session' : 'this month';
  return {
    kind: 'remaining',
    text: `${remaining} of ${limit.limit} downloads left ${period}`,
    note: !limit.alreadyDownloaded
      ? null
      : limit.isGuest
        ? GUEST_ALREADY_DOWNLOADED_MESSAGE
        : ALREADY_DOWNLOADED_MESSAGE,
  };
}
