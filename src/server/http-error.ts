/**
 * An error whose message is safe to show to the person who made the request. Services throw it
 * for broken rules (a limit, a missing right); the error plugin turns it into `{ message }`.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Extra fields the spec's clients read next to `message` (e.g. downloadCount, limit). */
  readonly details: Record<string, unknown>;
  /** Response headers that belong with the refusal (e.g. Retry-After on a 429). */
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    details: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.details = details;
    this.headers = headers;
  }
}
