import { describe, expect, it } from 'vitest';
import { CONSENT_DATE_KEY, CONSENT_KEY, recordConsent } from './consent.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('consent record', () => {
  it('is written once, with the date of the first visit', () => {
    const storage = memoryStorage();
    recordConsent(storage, new Date('2026-11-21T08:00:00Z'));
    recordConsent(storage, new Date('2026-12-01T08:00:00Z'));
    expect(storage.data.get(CONSENT_KEY)).toBe('true');
    expect(storage.data.get(CONSENT_DATE_KEY)).toBe('2026-11-21T08:00:00.000Z');
  });
});
