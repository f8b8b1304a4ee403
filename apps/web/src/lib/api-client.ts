import toast from 'react-hot-toast';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import type { ErrorResponse } from '@sokoni/contracts/errors';
import { ERROR_CODES, type ErrorCode } from '@sokoni/contracts/error-codes';
import { useAuthStore } from '@/stores/auth';
import { takeInlineAnswer } from './inline-answers';

export const API_BASE = '/api';

export type FieldIssue = { path: string; message: string };

/**
 * A non-2xx answer from the API: its code, for the app to branch on, and the server's message, for
 * people to read. Never branch on the message.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `message`, meant for the user; null when it sent none. */
  readonly serverMessage: string | null;
  readonly issues: FieldIssue[];
  /** What went wrong, as the server coded it; null when the answer carried no code we know. */
  readonly code: ErrorCode | null;

  constructor(
    status: number,
    serverMessage: string | null,
    issues: FieldIssue[] = [],
    code: ErrorCode | null = null,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.issues = issues;
    this.code = code;
  }
}

const knownCode = (value: unknown): ErrorCode | null =>
  (ERROR_CODES as readonly unknown[]).includes(value) ? (value as ErrorCode) : null;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sign-in and sign-up send no bearer token: their 401 is a wrong password, not an expired session. */
  authenticated?: boolean;
  signal?: AbortSignal;
};

function isErrorResponse(value: unknown): value is Partial<ErrorResponse> {
  return typeof value === 'object' && value !== null;
}

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
  const body = isErrorResponse(payload) ? payload : {};
  const message = typeof body.message === 'string' && body.message ? body.message : null;
  const issues = Array.isArray(body.issues) ? body.issues : [];
  return new ApiError(status, message, issues, knownCode(body.code));
}

function endSession() {
  useAuthStore.getState().logout();
  toast.error(AUTH_MESSAGES.sessionExpired, { id: 'session-expired' });
}

/**
 * The error for a non-2xx answer (its body already parsed), ending the session on a 401 to a
 * signed request. Shared with requests that cannot use fetch, such as uploads with progress.
 */
export function failedResponseError(status: number, payload: unknown, sentToken: boolean): ApiError {
  if (status === 401 && sentToken) endSession();
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
    (await fetch(url, {
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
 * The message to show for a failed call: the server's when it coded the failure (a broken rule, a
 * full disk, a provider that is down), else the screen's fallback. An unexpected error's message
 * (INTERNAL_ERROR), or an answer that is not ours (a proxy's), gets the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code && error.code !== 'INTERNAL_ERROR' && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

/** For one resource's query: an unknown id stays unknown (a 404 is shown at once), other failures are retried once. */
export function retryUnlessNotFound(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status === 404) return false;
  return failureCount < 1;
}

/**
 * For a resource the caller may be refused: a refusal (403) stays refused like an unknown id (404),
 * shown at once; other failures are retried once.
 */
export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status === 403) return false;
  return retryUnlessNotFound(failureCount, error);
}
