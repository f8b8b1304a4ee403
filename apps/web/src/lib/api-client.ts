import toast from 'react-hot-toast';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { ERROR_CODES, type ErrorCode } from '@sokoni/contracts/error-codes';
import { OFFLINE_MESSAGES } from '@sokoni/contracts/site';
import { useAuthStore } from '@/stores/auth';
import { takeInlineAnswer } from './inline-answers';

export const API_BASE = '/api';

export type FieldIssue = { path: string; message: string };

/** What an error answer's body may carry; anything else in it is ignored. */
export type ErrorBody = { code?: unknown; message?: unknown; issues?: unknown };

const knownCode = (value: unknown): ErrorCode | null =>
  (ERROR_CODES as readonly unknown[]).includes(value) ? (value as ErrorCode) : null;

/**
 * A non-2xx answer from the API: its code, for the app to branch on (through hasCode, never on the
 * HTTP status or the words), and the server's message, for people to read. It keeps no status: one
 * status covers many failures (a 409 is taken dates or too many unpaid holds), a code names one.
 */
export class ApiError extends Error {
  /** What went wrong, as the server coded it; null when the answer carried no code this build knows. */
  readonly code: ErrorCode | null;
  /**
   * The server's `message`, meant for the user, when it coded the failure: any code but
   * INTERNAL_ERROR, also one newer than this build (a refusal it does not know yet is still told in
   * the server's words). null for a crash, an answer without a code (a proxy's page) or no message.
   */
  readonly serverMessage: string | null;
  readonly issues: FieldIssue[];

  constructor(status: number, body: ErrorBody = {}) {
    const message = typeof body.message === 'string' && body.message ? body.message : null;
    super(message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.code = knownCode(body.code);
    const coded = typeof body.code === 'string' && body.code !== 'INTERNAL_ERROR';
    this.serverMessage = coded ? message : null;
    this.issues = Array.isArray(body.issues) ? (body.issues as FieldIssue[]) : [];
  }
}

/**
 * A call that needs the network, made while the device has none (#29): refused at once and said so,
 * instead of a button that spins until the network returns. A read the service worker kept an answer
 * for never gets here: that answer comes back instead.
 */
export class OfflineError extends Error {
  constructor() {
    super(OFFLINE_MESSAGES.needsNetwork);
    this.name = 'OfflineError';
  }
}

/**
 * fetch, refused at once when the device is offline and the call would change something; a read
 * that finds neither the network nor a kept answer fails as an OfflineError too.
 */
async function fetchOnline(url: string, init: RequestInit = {}): Promise<Response> {
  if (!navigator.onLine && (init.method ?? 'GET') !== 'GET') throw new OfflineError();
  try {
    return await fetch(url, init);
  } catch (error) {
    throw error instanceof TypeError && !navigator.onLine ? new OfflineError() : error;
  }
}

/**
 * Whether `error` is the API's failure coded as one of `codes`: the one way the app branches on a
 * failure (eslint.config.js refuses a branch on an error's status or message).
 */
export function hasCode(error: unknown, ...codes: [ErrorCode, ...ErrorCode[]]): error is ApiError {
  return error instanceof ApiError && error.code !== null && codes.includes(error.code);
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sign-in and sign-up send no bearer token: their 401 is a wrong password, not an expired session. */
  authenticated?: boolean;
  signal?: AbortSignal;
};

/** A response body as JSON; undefined when it is empty or not JSON. */
export function parseJsonBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseJsonBody(await response.text());
}

function toApiError(status: number, payload: unknown): ApiError {
  return new ApiError(status, typeof payload === 'object' && payload !== null ? (payload as ErrorBody) : {});
}

/** Signs out; a suspended account is told why (the server's message), anyone else that the session ended. */
function endSession(payload: unknown) {
  useAuthStore.getState().logout();
  const error = toApiError(401, payload);
  toast.error(hasCode(error, 'ACCOUNT_SUSPENDED') ? error.message : AUTH_MESSAGES.sessionExpired, {
    id: 'session-expired',
  });
}

/**
 * The error for a non-2xx answer (its body already parsed), ending the session on a 401 to a
 * signed request. Shared with requests that cannot use fetch, such as uploads with progress.
 */
export function failedResponseError(status: number, payload: unknown, sentToken: boolean): ApiError {
  if (status === 401 && sentToken) endSession(payload);
  return toApiError(status, payload);
}

async function send(
  path: string,
  options: RequestOptions,
): Promise<{ response: Response; payload: unknown }> {
  const { method = 'GET', body, authenticated = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = authenticated ? useAuthStore.getState().user?.token : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = `${API_BASE}${path}`;
  const response =
    (method === 'GET' ? takeInlineAnswer(url) : undefined) ??
    (await fetchOnline(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    }));
  const payload = await readJson(response);

  if (!response.ok) throw failedResponseError(response.status, payload, Boolean(token));
  return { response, payload };
}

/** The one way the web app talks to the API: JSON in, JSON out, bearer token when signed in. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { payload } = await send(path, options);
  return payload as T;
}

/**
 * For paged lists: the page and the server's `X-Total-Count` (all matches, not just this page).
 * Without the header the page's own length is the best answer there is.
 */
export async function apiRequestWithTotal<T extends unknown[]>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; total: number }> {
  const { response, payload } = await send(path, options);
  const data = (Array.isArray(payload) ? payload : []) as T;
  const header = Number(response.headers.get('X-Total-Count') ?? Number.NaN);
  return { data, total: Number.isInteger(header) && header >= 0 ? header : data.length };
}

/**
 * A file from the API (a ticket's calendar entry, an earner's statement as CSV): a link cannot carry
 * the bearer token, so it is fetched here and handed back as a blob, to be saved (save-file.ts).
 * Errors are the client's own (ApiError, 401 → sign-out).
 */
export async function apiDownload(path: string): Promise<Blob> {
  const token = useAuthStore.getState().user?.token;
  const response = await fetchOnline(`${API_BASE}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw failedResponseError(response.status, await readJson(response), Boolean(token));
  return response.blob();
}

/**
 * The message to show for a failed call: the server's when it coded the failure (a broken rule, a
 * full disk, a provider that is down, a refusal newer than this build), else the screen's fallback.
 * An unexpected error's message (INTERNAL_ERROR), or an answer that is not ours (a proxy's), gets
 * the fallback. A call made offline says that it needs the network (#29).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof OfflineError) return error.message;
  return (error instanceof ApiError ? error.serverMessage : null) ?? fallback;
}

/**
 * Whether a call failed for want of a network rather than being answered: fetch itself failed (it
 * rejects with a TypeError), or the device says it is offline and no answer came.
 */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    error instanceof OfflineError ||
    (!navigator.onLine && !(error instanceof ApiError))
  );
}

/**
 * For a query (every query's default with no `codes`, query-client.ts): the refusals in `codes` (an
 * unknown id, a caller refused) stay so and are shown at once, and so is a read made offline that
 * found no kept answer (#29: asked again when the network returns); other failures are retried once.
 */
export function retryOnceUnless(...codes: ErrorCode[]) {
  return (failureCount: number, error: Error): boolean =>
    failureCount < 1 && !(error instanceof OfflineError) && !codes.some((code) => hasCode(error, code));
}
