import type { ErrorCode } from '@sokoni/contracts/error-codes';

/**
 * A rule was broken: services throw this, the error handler turns it into
 * `{statusCode, error, code, message}`. Every one names its code, so clients never read the message.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode: number,
    /** For a 503: when to ask again, in seconds (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode) => new AppError(code, message, 400);
export const unauthorized = (message: string, code: ErrorCode) => new AppError(code, message, 401);
export const paymentRequired = (message: string, code: ErrorCode) => new AppError(code, message, 402);
export const forbidden = (message: string, code: ErrorCode) => new AppError(code, message, 403);
export const notFound = (message: string, code: ErrorCode) => new AppError(code, message, 404);
export const conflict = (message: string, code: ErrorCode) => new AppError(code, message, 409);
export const payloadTooLarge = (message: string, code: ErrorCode) => new AppError(code, message, 413);
export const unsupportedMediaType = (message: string, code: ErrorCode) => new AppError(code, message, 415);
export const tooManyRequests = (message: string, code: ErrorCode) => new AppError(code, message, 429);
/** Worth asking again shortly: answered with Retry-After (seconds). */
export const unavailable = (message: string, code: ErrorCode, retryAfterSeconds: number) =>
  new AppError(code, message, 503, retryAfterSeconds);

/** Whether PostgreSQL refused with this SQLSTATE, from the driver or wrapped by Drizzle (its `cause`). */
function hasSqlState(error: unknown, state: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === state) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/**
 * PostgreSQL gave this transaction up so another could go on (serialization_failure,
 * deadlock_detected): it may simply be run again.
 */
export const isRetryableConflict = (error: unknown): boolean =>
  hasSqlState(error, '40001') || hasSqlState(error, '40P01');

/** A lock not had within lock_timeout (lock_not_available): the row is too busy right now. */
export const isLockTimeout = (error: unknown): boolean => hasSqlState(error, '55P03');

/** PostgreSQL's exclusion_violation: nights overlapping a row that holds them (stay_bookings_no_overlap). */
export const isExclusionViolation = (error: unknown): boolean => hasSqlState(error, '23P01');
