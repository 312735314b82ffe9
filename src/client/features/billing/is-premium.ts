import type { User } from '#shared/accounts/accounts.schemas.ts';

/**
 * The client's one "is Premium" rule: subscribed, and the expiry (when there is one) still ahead.
 * Every page that shows or gates Premium asks this; point it at the shared billing rule once that
 * exists.
 */
export function isPremiumActive(user: User, now = Date.now()): boolean {
  if (!user.isSubscribed) return false;
  if (!user.subscriptionExpiryDate) return true;
  return new Date(user.subscriptionExpiryDate).getTime() > now;
}
