export const CONSENT_KEY = 'cookieConsent';
export const CONSENT_DATE_KEY = 'cookieConsentDate';

/**
 * On first load, consent is recorded as given, with the date. WikiLogos keeps that
 * (decision 005) because it sets only essential cookies — the session — which need no opt-in;
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
