/** Deeper than any answer a provider sends; beyond it a payload is kept only as a marker. */
const MAX_DEPTH = 32;
const REPLACEMENT = '\uFFFD';

const clean = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', REPLACEMENT) : text);

/**
 * A copy of parsed JSON that a jsonb column accepts: PostgreSQL refuses the NUL character in jsonb
 * text (in values and in keys alike) and deeply nested documents, and a provider's event must be
 * recorded whatever it holds — refusing it would only make the provider send it again and again.
 */
export function storableJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return clean(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deeply]';
  if (Array.isArray(value)) return value.map((item) => storableJson(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [clean(key), storableJson(item, depth + 1)]),
  );
}
