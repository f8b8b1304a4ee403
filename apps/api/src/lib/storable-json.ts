/** Deeper than any answer a provider sends; beyond it a payload is kept only as a marker. */
const MAX_DEPTH = 32;
const REPLACEMENT = '\uFFFD';

/** Half of a surrogate pair standing alone: UTF-8, and so jsonb, has no way to write it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const clean = (text: string) => text.replaceAll('\u0000', REPLACEMENT).replace(LONE_SURROGATE, REPLACEMENT);

/**
 * A copy of parsed JSON that a jsonb column accepts: PostgreSQL refuses the NUL character and lone
 * surrogates (`\ud800` escapes) in jsonb text, in values and in keys alike, and deeply nested
 * documents; and a provider's event must be recorded whatever it holds — refusing it would only
 * make the provider send it again and again.
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
