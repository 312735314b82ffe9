import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { HttpError } from '#server/http-error.ts';
import type { ApiErrorCode } from '#shared/lib/api-error.ts';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';
const DATABASE_DOWN = 'The service is temporarily unavailable. Please try again in a moment.';

// Zod's default messages describe types, not fields; custom ones in our schemas are full sentences.
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

type ValidationIssue = { keyword?: string; instancePath?: string; message?: string };

function describeIssue(issue: ValidationIssue, context: string): string {
  const field = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || context;
  const message = issue.message ?? 'Invalid value';
  // Zod does not copy the input into issues, so a missing field shows only in its message.
  if (issue.keyword === 'invalid_type' && /received undefined$/.test(message)) {
    return `${field} is required.`;
  }
  return ZOD_DEFAULT_MESSAGE.test(message) ? `${field}: ${message}` : message;
}

// node-postgres words its failures in messages, not codes: connection lost or never made, a
// query_timeout, a client ended because of that.
const CONNECTION_FAILURE =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Client was closed and is not queryable|PGlite is closed/i;

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    // 57P01-57P03: the server is shutting down or cannot accept connections; 08xxx: connection exceptions.
    if (typeof code === 'string' && (/^57P0[1-3]$/.test(code) || /^08/.test(code))) return true;
    if (CONNECTION_FAILURE.test(e.message)) return true;
  }
  return false;
}

/** The body of every error answer; `extra` carries a refusal's own fields (e.g. downloadCount). */
export const errorBody = (
  code: ApiErrorCode,
  message: string,
  extra?: Record<string, unknown>,
) => ({ ...extra, message, code });

/**
 * One shape for every failure, `{ message, code }`, never a stack or SQL. Set before any route
 * plugin: Fastify gives each route the handler in force then.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext ?? 'request';
      const messages = [
        ...new Set(
          error.validation.map((issue) => describeIssue(issue as ValidationIssue, context)),
        ),
      ];
      return reply.status(400).send(errorBody('VALIDATION_FAILED', messages.join(' ')));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send(errorBody('INTERNAL_ERROR', GENERIC_500));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const [code, message] = clientError(error as FastifyError);
      return reply.status(status).send(errorBody(code, message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', DATABASE_DOWN));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR', GENERIC_500));
  });
}

/** Whether a request path (query string allowed) is under /api. */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** JSON 404 for unknown API paths (pages, served by plugins/client.ts, have their own 404 page). */
export function registerNotFoundHandler(app: FastifyInstance) {
  // Unknown API paths count against the rate limit too, or probing them would be free.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const message = isApiPath(pathname)
      ? `There is no API endpoint ${request.method} ${pathname}.`
      : `Nothing found at ${pathname}.`;
    return reply.status(404).send(errorBody('NOT_FOUND', message));
  });
}

// Fastify's own messages are written for developers; say the same thing for people.
function clientError(error: FastifyError): [ApiErrorCode, string] {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return ['PAYLOAD_TOO_LARGE', 'The request is too large.'];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [
        'UNSUPPORTED_MEDIA_TYPE',
        'Unsupported content type: send JSON (Content-Type: application/json).',
      ];
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return ['INVALID_JSON', 'The request body is empty; send a JSON object.'];
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return ['INVALID_JSON', 'The request body is not valid JSON.'];
  }
  if (error instanceof SyntaxError) return ['INVALID_JSON', 'The request body is not valid JSON.'];
  const code = CODE_BY_STATUS[error.statusCode ?? 400] ?? 'VALIDATION_FAILED';
  return [code, error.message || 'The request could not be processed.'];
}

const CODE_BY_STATUS: Partial<Record<number, ApiErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};
