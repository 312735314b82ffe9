import { browserStore } from './stored-preference.ts';

export const CONSENT_KEY = 'cookieConsent';
export const CONSENT_DATE_KEY = 'cookieConsentDate';

/**
 * On first load, consent is recorded as given, with the date. WikiLogos keeps that
 * (docs/decisions/005-spec-open-points.md) because it sets only essential cookies — the session — which need no opt-in;
 * the legal page says so. Nothing is sent anywhere.
 */
export function recordConsent(storage: Pick<Storage, 'getItem' | 'setItem'>, now = new Date()) {
  try {
    if (storage.getItem(CONSENT_KEY) !== null) return;
    storage.setItem(CONSENT_KEY, 'true');
    storage.setItem(CONSENT_DATE_KEY, now.toISOString());
  } catch {
    // Storage can be unavailable (privacy mode); there is nothing to record then.
  }
}

/** The date consent was recorded in this browser, or null; readers and other tabs follow it. */
const consentDate = browserStore(
  CONSENT_DATE_KEY,
  (stored) => stored,
  (value: string | null) => value,
);

export const useConsentDate = consentDate.use;

/**
 * Sets both values (`accepted`) or removes both, as the legal page's Cookies tab offers
 * (docs/product.md#privacy-cookies-and-consent). The flag goes first: the date's change is what
 * readers hear.
 */
export function setConsent(accepted: boolean, now = new Date()) {
  try {
    if (accepted) localStorage.setItem(CONSENT_KEY, 'true');
    else localStorage.removeItem(CONSENT_KEY);
  } catch {
    // Blocked storage: the date below still changes for this page view.
  }
  consentDate.set(accepted ? now.toISOString() : null);
}
