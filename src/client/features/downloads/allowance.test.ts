import { describe, expect, it } from 'vitest';
import {
  ALREADY_DOWNLOADED_MESSAGE,
  GUEST_ALREADY_DOWNLOADED_MESSAGE,
  MONTH_USED_UP_MESSAGE,
  describeAllowance,
} from './allowance.ts';
import { DOWNLOAD_MESSAGES, type CheckLimitResponse } from '#shared/downloads/downloads.schemas.ts';

const free: CheckLimitResponse = {
  canDownload: true,
  downloadCount: 3,
  limit: 10,
  isSubscribed: false,
  isGuest: false,
  remaining: 7,
  periodEndsAt: '2026-12-21T09:00:00.000Z',
  alreadyDownloaded: false,
};

describe('describeAllowance', () => {
  it('tells a free user how many downloads are left this month', () => {
    expect(describeAllowance(free)).toEqual({
      kind: 'remaining',
      text: '7 of 10 downloads left this month',
      note: null,
    });
    expect(describeAllowance({ ...free, downloadCount: 0, remaining: 10 }).text).toBe(
      '10 of 10 downloads left this month',
    );
  });

  it('counts per browser session for guests', () => {
    expect(
      describeAllowance({ ...free, isGuest: true, periodEndsAt: null, remaining: 1 }).text,
    ).toBe('1 of 10 downloads left in this browser session');
  });

  it('works out the remaining count when the server leaves it out', () => {
    expect(describeAllowance({ ...free, remaining: null, downloadCount: 4 }).text).toBe(
      '6 of 10 downloads left this month',
    );
  });

  it('says Unlimited for Premium, whatever the count', () => {
    expect(
      describeAllowance({ ...free, isSubscribed: true, remaining: null, downloadCount: 250 }),
    ).toEqual({ kind: 'unlimited', text: 'Unlimited downloads' });
  });

  it('says a logo downloaded already this period does not count again', () => {
    expect(describeAllowance({ ...free, alreadyDownloaded: true })).toEqual({
      kind: 'remaining',
      text: '7 of 10 downloads left this month',
      note: ALREADY_DOWNLOADED_MESSAGE,
    });
    // Even with nothing left: downloading it again is still allowed.
    expect(
      describeAllowance({
        ...free,
        alreadyDownloaded: true,
        remaining: 0,
        downloadCount: 10,
      }),
    ).toEqual({
      kind: 'remaining',
      text: '0 of 10 downloads left this month',
      note: ALREADY_DOWNLOADED_MESSAGE,
    });
    expect(describeAllowance({ ...free, isGuest: true, alreadyDownloaded: true })).toMatchObject({
      text: '7 of 10 downloads left in this browser session',
      note: GUEST_ALREADY_DOWNLOADED_MESSAGE,
    });
  });

  it('blocks when the limit is reached, with the reset date when known', () => {
    expect(
      describeAllowance({ ...free, canDownload: false, remaining: 0, downloadCount: 10 }),
    ).toEqual({
      kind: 'blocked',
      text: MONTH_USED_UP_MESSAGE,
      resetsOn: 'December 21, 2026',
      action: 'upgrade',
    });
    expect(
      describeAllowance({
        ...free,
        canDownload: false,
        remaining: 0,
        downloadCount: 10,
        isGuest: true,
        periodEndsAt: null,
      }),
    ).toEqual({
      kind: 'blocked',
      text: DOWNLOAD_MESSAGES.guestLimit,
      resetsOn: null,
      action: 'upgrade',
    });
  });

  it("asks a guest to sign up when their network used up the day's guest downloads", () => {
    expect(
      describeAllowance({
        ...free,
        canDownload: false,
        isGuest: true,
        periodEndsAt: null,
        guestAddress: { limit: 30, reached: true },
      }),
    ).toEqual({
      kind: 'blocked',
      text: DOWNLOAD_MESSAGES.guestAddressLimit(30),
      resetsOn: null,
      action: 'sign-up',
    });
    // A logo this session already has can still be downloaded again.
    expect(
      describeAllowance({
        ...free,
        isGuest: true,
        alreadyDownloaded: true,
        guestAddress: { limit: 30, reached: true },
      }).kind,
    ).toBe('remaining');
  });
});
