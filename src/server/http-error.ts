import { SIGN_IN_MESSAGE, type ApiErrorCode } from '#shared/lib/api-error.ts';

/** A refusal whose message may be shown to the requester (answered as `{ message, code }`). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: ApiErrorCode;
  /** Extra body fields next to `message` and `code` (e.g. downloadCount, limit). */
  readonly details: Record<string, unknown>;
  /** Response headers that belong with the refusal (e.g. Retry-After on a 429). */
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: ApiErrorCode,
    message: string,
    extra: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = extra.details ?? {};
    this.headers = extra.headers ?? {};
  }
}

export const signInRequired = () => new HttpError(401, 'SIGN_IN_REQUIRED', SIGN_IN_MESSAGE);
