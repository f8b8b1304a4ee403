import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { ErrorResponse } from '@sokoni/contracts/errors';
import { AppError } from './errors.js';

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again.';

function body(statusCode: number, message: string, issues?: ErrorResponse['issues']): ErrorResponse {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(issues ? { issues } : {}) };
}

/** The one place an error becomes a response: 4xx messages pass through, 5xx are logged and answered generically. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(body(error.statusCode, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value.',
      }));
      return reply.code(400).send(body(400, issues[0]?.message ?? 'Invalid request.', issues));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send(body(statusCode, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body(500, GENERIC_FAILURE));
  });
}

export function notFoundBody(method: string, url: string): ErrorResponse {
  return body(404, `Route ${method} ${url.split('?')[0]} not found`);
}
