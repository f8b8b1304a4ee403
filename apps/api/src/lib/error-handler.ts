import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { ErrorResponse } from '@sokoni/contracts/errors';
import { ERROR_MESSAGES, type ErrorCode } from '@sokoni/contracts/error-codes';
import { AppError, isLockTimeout, isRetryableConflict } from './errors.js';

/** How long a client is asked to wait after the database was too busy to answer it. */
const BUSY_RETRY_AFTER_SECONDS = 2;

export function errorBody(
  statusCode: number,
  code: ErrorCode,
  message: string,
  issues?: ErrorResponse['issues'],
): ErrorResponse {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...(issues ? { issues } : {}),
  };
}

/** What a client did wrong that Fastify or a plugin caught before our code ran, by its status. */
const FRAMEWORK_CODES: Record<number, ErrorCode> = {
  400: 'MALFORMED_REQUEST',
  413: 'BODY_TOO_LARGE',
  414: 'URL_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** The one place an error becomes a response: 4xx messages pass through, 5xx are logged and answered generically. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', error.retryAfterSeconds);
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.code, error.message));
    }
    // A row too busy to lock in time, or a conflict that outlasted its retries (db/transactions.ts):
    // nothing was written, and asking again shortly will do.
    if (isLockTimeout(error) || isRetryableConflict(error)) {
      request.log.warn({ err: error }, 'database too busy: answered 503');
      reply.header('retry-after', BUSY_RETRY_AFTER_SECONDS);
      return reply.code(503).send(errorBody(503, 'BUSY', ERROR_MESSAGES.busy));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? ERROR_MESSAGES.invalidValue,
      }));
      const message = issues[0]?.message ?? ERROR_MESSAGES.invalidRequest;
      return reply.code(400).send(errorBody(400, 'VALIDATION_FAILED', message, issues));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const code = FRAMEWORK_CODES[statusCode] ?? 'REQUEST_REFUSED';
      return reply.code(statusCode).send(errorBody(statusCode, code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, 'INTERNAL_ERROR', ERROR_MESSAGES.internal));
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook runs (a URL that does not
 * decode, a path parameter over its length limit), answered in the same shape as everything else.
 */
export function frameworkErrorReply(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const statusCode =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(statusCode)
    .send(errorBody(statusCode, FRAMEWORK_CODES[statusCode] ?? 'MALFORMED_REQUEST', error.message));
}

export function notFoundBody(method: string, url: string): ErrorResponse {
  return errorBody(404, 'ROUTE_NOT_FOUND', ERROR_MESSAGES.routeNotFound(method, url.split('?')[0] ?? url));
}
