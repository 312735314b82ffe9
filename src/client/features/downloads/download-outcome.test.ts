import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { DOWNLOAD_FAILED_MESSAGE, describeDownloadFailure } from './hooks/use-logo-download.ts';
import { DOWNLOAD_MESSAGES } from '#shared/downloads/downloads.schemas.ts';

const limitBody = (message: string, code = 'DOWNLOAD_LIMIT_REACHED') => ({
  message,
  code,
  downloadCount: 10,
  limit: 10,
});

describe('describeDownloadFailure', () => {
  it("reads a signed-in user's 403 as the monthly limit, with the server's message", () => {
    const error = new ApiError(
      403,
      'Monthly limit',
      limitBody('Monthly limit'),
      'DOWNLOAD_LIMIT_REACHED',
    );
    expect(describeDownloadFailure(error)).toEqual({ kind: 'limit', message: 'Monthly limit' });
  });

  it('falls back to the product message when the server gives none', () => {
    const error = new ApiError(403, '403: ', limitBody('  '), 'DOWNLOAD_LIMIT_REACHED');
    expect(describeDownloadFailure(error)).toEqual({
      kind: 'limit',
      message: "You've reached your monthly download limit.",
    });
  });

  it("recognises a guest by the server's guest code or by the last allowance check", () => {
    const guest = new ApiError(
      403,
      DOWNLOAD_MESSAGES.guestLimit,
      limitBody(DOWNLOAD_MESSAGES.guestLimit, 'GUEST_LIMIT_REACHED'),
      'GUEST_LIMIT_REACHED',
    );
    expect(describeDownloadFailure(guest).kind).toBe('guest-limit');
    const other = new ApiError(403, 'Limit', limitBody('Limit'), 'DOWNLOAD_LIMIT_REACHED');
    expect(describeDownloadFailure(other, { isGuest: true })).toEqual({
      kind: 'guest-limit',
      message: DOWNLOAD_MESSAGES.guestLimit,
    });
  });

  it("reads a guest network's daily ceiling apart, with the server's message", () => {
    const message = DOWNLOAD_MESSAGES.guestAddressLimit(30);
    const error = new ApiError(
      403,
      message,
      { ...limitBody(message, 'GUEST_LIMIT_REACHED'), reason: 'address' },
      'GUEST_LIMIT_REACHED',
    );
    expect(describeDownloadFailure(error, { isGuest: true })).toEqual({
      kind: 'guest-address-limit',
      message,
    });
  });

  it('treats a 403 without the limit body, and every other error, as a failed download', () => {
    expect(
      describeDownloadFailure(new ApiError(403, 'userId does not match', { message: 'x' })),
    ).toEqual({ kind: 'failed', message: 'userId does not match' });
    expect(describeDownloadFailure(new ApiError(502, 'The file could not be fetched.'))).toEqual({
      kind: 'failed',
      message: 'The file could not be fetched.',
    });
    expect(describeDownloadFailure(new Error(''))).toEqual({
      kind: 'failed',
      message: DOWNLOAD_FAILED_MESSAGE,
    });
    expect(describeDownloadFailure('boom')).toEqual({
      kind: 'failed',
      message: DOWNLOAD_FAILED_MESSAGE,
    });
  });
});
