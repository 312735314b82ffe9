import { isApiError } from '#client/lib/api-client.ts';
import {
  DOWNLOAD_MESSAGES,
  DownloadLimitErrorSchema,
} from '#shared/downloads/downloads.schemas.ts';

export const DOWNLOAD_FAILED_MESSAGE = 'There was an error downloading the logo. Please try again.';

/** What a failed download means for the person who clicked. */
type DownloadFailure =
  /** A guest used up the session's downloads: the guest-limit toast. */
  | { kind: 'guest-limit'; message: string }
  /** A guest's network used up the day's downloads without an account: a toast with Sign Up. */
  | { kind: 'guest-address-limit'; message: string }
  /** A signed-in user used up the month: '⚠️ Download Limit Reached' and the upgrade dialog. */
  | { kind: 'limit'; message: string }
  /** Anything else (the file could not be fetched, tracking failed): 'Download failed'. */
  | { kind: 'failed'; message: string };

/**
 * Reads a download's error by its code: a refused download is a limit (the guest's when the code
 * or the last allowance check says so); anything else is an ordinary failure.
 */
export function describeDownloadFailure(
  error: unknown,
  { isGuest = false }: { isGuest?: boolean } = {},
): DownloadFailure {
  if (
    isApiError(error) &&
    (error.code === 'DOWNLOAD_LIMIT_REACHED' || error.code === 'GUEST_LIMIT_REACHED')
  ) {
    const body = DownloadLimitErrorSchema.safeParse(error.data);
    const message = body.success ? body.data.message.trim() : '';
    if (body.success && body.data.reason === 'address') {
      return { kind: 'guest-address-limit', message: message || DOWNLOAD_FAILED_MESSAGE };
    }
    if (isGuest || error.code === 'GUEST_LIMIT_REACHED') {
      return { kind: 'guest-limit', message: DOWNLOAD_MESSAGES.guestLimit };
    }
    return { kind: 'limit', message: message || DOWNLOAD_MESSAGES.monthlyLimit };
  }
  const message = error instanceof Error ? error.message.trim() : '';
  return { kind: 'failed', message: message || DOWNLOAD_FAILED_MESSAGE };
}
