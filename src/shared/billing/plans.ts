// The one source of plan names, prices, limits and feature lists, for the pages and the server's
// enforcement alike ('Save 70%': docs/product.md#product-decisions).
export const FREE_DOWNLOADS_PER_MONTH = 10;
export const GUEST_DOWNLOADS_PER_SESSION = 10;

export const PREMIUM_PRICE = {
  monthly: { perMonth: 10, billed: '$10 billed monthly' },
  annual: { perMonth: 3, perYear: 36, billed: '$36 billed annually', saving: 'Save 70%' },
} as const;

export type BillingPeriod = keyof typeof PREMIUM_PRICE;

export const FREE_FEATURES = [
  `${FREE_DOWNLOADS_PER_MONTH} downloads per month`,
  'Search all of Wikimedia Commons',
  'Preview every logo with its license',
  'SVG and PNG downloads',
  'No ads, ever',
] as const;

export const PREMIUM_FEATURES = [
  'Unlimited downloads',
  'Direct SVG copy',
  'Batch download',
  'Consolidated batch',
  'Download history',
  'Cancel anytime',
  'Priority support',
] as const;

/** Free vs Premium, feature by feature (/about): text is the plan's own value, a boolean a tick. */
export const PLAN_COMPARISON = [
  ['Downloads', `${FREE_DOWNLOADS_PER_MONTH} per month`, 'Unlimited'],
  ['Search, preview, SVG and PNG', true, true],
  ['Direct SVG copy', false, true],
  ['Batch download (zip)', false, true],
  ['Consolidated SVG sheet', false, true],
  ['Download history', false, true],
  ['Priority support', false, true],
] as const satisfies readonly (readonly [string, string | boolean, string | boolean])[];

/**
 * The one rule for "is Premium": the expiry is in the future. A client's user also says
 * `isSubscribed`; the server's rows only carry the expiry.
 */
export function isPremium(
  user: { subscriptionExpiryDate: Date | string | null; isSubscribed?: boolean },
  now: Date | number = Date.now(),
): boolean {
  if (user.isSubscribed === false) return false;
  if (user.subscriptionExpiryDate === null) return user.isSubscribed === true;
  return new Date(user.subscriptionExpiryDate).getTime() > new Date(now).getTime();
}
