import { HttpResponse } from 'msw';
import type { ErrorCode } from '@sokoni/contracts/error-codes';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/**
 * A failure the way the API answers one (DESIGN §5): `{statusCode, error, code, message}`, plus
 * `issues` on a validation failure. `code` may be one this build does not know yet (a newer server).
 */
export function apiFailure(
  status: number,
  code: ErrorCode | (string & {}),
  message: string,
  issues?: Array<{ path: string; message: string }>,
) {
  const error = STATUS_TEXT[status] ?? 'Error';
  return HttpResponse.json({ statusCode: status, error, code, message, issues }, { status });
}

/** A page of a list the way the API sends one: the items plus `X-Total-Count`, all matches on the server. */
export function pageAnswer(items: unknown[], total = items.length) {
  return HttpResponse.json(items, { headers: { 'X-Total-Count': String(total) } });
}

/** An empty success (204), as a DELETE or a recorded view answers. */
export const noContent = () => new HttpResponse(null, { status: 204 });
