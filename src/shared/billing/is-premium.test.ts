import { describe, expect, it } from 'vitest';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import { isPremium } from './plans.ts';

const now = Date.parse('2026-06-01T00:00:00Z');
const user = (patch: Partial<User>): User => ({
  id: 1,
  username: 'someone',
  email: null,
  isAdmin: false,
  isSubscribed: false,
  subscriptionExpiryDate: null,
  downloadCount: 0,
  emailVerified: false,
  googleOnly: false,
  ...patch,
});

describe('isPremium', () => {
  it('is false for a free account', () => {
    expect(isPremium(user({}), now)).toBe(false);
  });

  it('is true while the expiry date is in the future, false once it has passed', () => {
    const future = user({ isSubscribed: true, subscriptionExpiryDate: '2026-07-01T00:00:00Z' });
    const past = user({ isSubscribed: true, subscriptionExpiryDate: '2026-05-01T00:00:00Z' });
    expect(isPremium(future, now)).toBe(true);
    expect(isPremium(past, now)).toBe(false);
  });
});
