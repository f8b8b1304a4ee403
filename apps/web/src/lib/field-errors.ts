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
