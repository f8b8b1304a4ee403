import type { ErrorCode } from '@sokoni/contracts/error-codes';
import { ApiError } from './api-client';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** A client-side zod issue (path as a list) or a server issue (path as a string). */
type Issue = { path: ReadonlyArray<PropertyKey> | string; message: string };

/** The first message per field, from a client-side check or the server's `issues`. */
export function toFieldErrors<Field extends string>(
  issues: ReadonlyArray<Issue>,
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : String(issue.path[0] ?? '');
    const field = fields.find(
      (name) => name === path || path.endsWith(`.${name}`) || path.endsWith(`/${name}`),
    );
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The server's messages about a form's fields, per field: its `issues` (a list item's path names
 * its list, 'objectives.2'), or else the refusal it coded for one field without naming it in
 * `issues` (`fieldOfCode`, e.g. FOREIGN_IMAGE → the image field).
 */
export function apiFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  fieldOfCode: Partial<Record<ErrorCode, Field>> = {},
): FieldErrors<Field> {
  if (!(error instanceof ApiError)) return {};
  const isField = (name: string): name is Field => (fields as readonly string[]).includes(name);
  const issues = error.issues.map((issue) => ({
    ...issue,
    path: issue.path.split('.').find(isField) ?? issue.path,
  }));
  const errors = toFieldErrors(issues, fields);
  const field = error.code ? fieldOfCode[error.code] : undefined;
  if (field && error.serverMessage && !errors[field]) errors[field] = error.serverMessage;
  return errors;
}
