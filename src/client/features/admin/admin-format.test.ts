import { describe, expect, it } from 'vitest';
import { formatLongDate } from '#client/lib/format-date.ts';
import { ApiError } from '#client/lib/api-client.ts';
import {
  auditActionLabel,
  downloadsCell,
  durationText,
  fetchFailedMessage,
  redeemedByText,
  userActions,
} from './admin-format.ts';

describe('downloadsCell', () => {
  it('shows a free user’s downloads over the monthly 10', () => {
    expect(downloadsCell({ plan: 'Free', downloadCount: 3 })).toEqual({
      text: '3/10',
      label: '3 of 10 downloads used',
    });
    expect(downloadsCell({ plan: 'Free', downloadCount: 0 }).text).toBe('0/10');
  });

  it('shows a Premium user’s downloads this period as a number, without a limit', () => {
    expect(downloadsCell({ plan: 'Premium', downloadCount: 57 })).toEqual({
      text: '57 (no limit)',
      label: '57 downloads this period, no limit (Premium)',
    });
    expect(downloadsCell({ plan: 'Premium', downloadCount: 1 }).label).toBe(
      '1 download this period, no limit (Premium)',
    );
  });
});

describe('userActions', () => {
  it('offers the grants only without Premium, the downgrade only with it', () => {
    expect(userActions({ id: 2, plan: 'Free', isAdmin: false }, 1)).toEqual({
      canGrant: true,
      canDowngrade: false,
      canDelete: true,
    });
    expect(userActions({ id: 2, plan: 'Premium', isAdmin: false }, 1)).toEqual({
      canGrant: false,
      canDowngrade: true,
      canDelete: true,
    });
  });

  it('never offers to delete an administrator', () => {
    expect(userActions({ id: 2, plan: 'Free', isAdmin: true }, 1).canDelete).toBe(false);
    expect(userActions({ id: 2, plan: 'Premium', isAdmin: true }, 1).canDelete).toBe(false);
  });

  it("offers nothing on the administrator's own account", () => {
    const none = { canGrant: false, canDowngrade: false, canDelete: false };
    expect(userActions({ id: 1, plan: 'Free', isAdmin: true }, 1)).toEqual(none);
    expect(userActions({ id: 1, plan: 'Premium', isAdmin: true }, 1)).toEqual(none);
  });
});

describe('dates and durations', () => {
  it('writes long US dates and leaves empty or broken values out', () => {
    expect(formatLongDate('2026-12-21T10:00:00.000Z')).toBe('December 21, 2026');
    expect(formatLongDate(null)).toBeNull();
    expect(formatLongDate('not a date')).toBeNull();
  });

  it('counts days in words', () => {
    expect(durationText(30)).toBe('30 days');
    expect(durationText(1)).toBe('1 day');
  });
});

describe('redeemedByText', () => {
  it('names the redeemer, a deleted account by its id, or nobody', () => {
    expect(redeemedByText({ redeemedBy: 4, redeemedByUsername: 'alice' })).toBe('alice');
    expect(redeemedByText({ redeemedBy: 4, redeemedByUsername: null })).toBe('Deleted user #4');
    expect(redeemedByText({ redeemedBy: null, redeemedByUsername: null })).toBeNull();
  });
});

describe('fetchFailedMessage', () => {
  it("uses 'Failed to fetch …: {status}'", () => {
    expect(fetchFailedMessage('users', new ApiError(500, 'boom'))).toBe(
      'Failed to fetch users: 500',
    );
    expect(fetchFailedMessage('premium codes', new ApiError(403, 'Admin only'))).toBe(
      'Failed to fetch premium codes: 403',
    );
  });

  it('keeps the client’s own message when the server was not reached', () => {
    expect(fetchFailedMessage('users', new ApiError(0, 'Could not reach WikiLogos.'))).toBe(
      'Could not reach WikiLogos.',
    );
  });
});

describe('auditActionLabel', () => {
  it('reads the recorded actions and shows unknown ones as they are', () => {
    expect(auditActionLabel('grant-subscription')).toBe('Granted Premium');
    expect(auditActionLabel('create-code')).toBe('Created premium code');
    expect(auditActionLabel('something-new')).toBe('something-new');
  });
});
