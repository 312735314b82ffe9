/** Where 'Upgrade Now' sends a guest: an account comes first. */
export const SIGN_IN_TO_UPGRADE_PATH = '/auth?redirect=/premium';
/** The dashboard's Subscription tab: plan details, cancelling, premium access codes. */
export const SUBSCRIPTION_TAB_PATH = '/dashboard?tab=subscription';
