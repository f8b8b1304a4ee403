import fc from 'fast-check';

// The raw material of bad input: the strings, numbers and shapes that break servers.

/** Every C0 control character and DEL. */
export const CONTROL_CHARS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'];

/** Text that means something to a regex replacement, SQL, a path, HTML or a template engine. */
export const NASTY_SNIPPETS = [
  '$&',
  "$'",
  '$`',
  '$$',
  '$1',
  "'; drop table users; --",
  "' or '1'='1",
  '" or ""="',
  '\\',
  '%',
  '_',
  '%_\\',
  '\\x00',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/dev/null',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '[object Object]',
  '\r\n\r\n',
  'ﬀ',
  'İ',
  'ǅ',
  '\u0130\u0131',
];

/** Unicode that is valid but unusual: emoji (with joiners and flags), RTL marks, bidi overrides, BOM. */
const UNICODE_SNIPPETS = [
  '🇰🇪',
  '👨‍👩‍👧‍👦',
  '😀',
  '𝕊𝕠𝕜𝕠𝕟𝕚',
  'مرحبا',
  'שלום',
  '\u202e',
  '\u200f',
  '\u200b',
  '\ufeff',
  '\u2028',
  '\u0301',
  '中文',
  'Ω≈ç√',
  '\uffff',
  '\ufffd',
];

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d'];

/**
 * Numbers at the edges of every type a number meets on the way to the database, by kind: each kind
 * is drawn as often as the others, so the few huge ones are not drowned by the many small ones.
 */
const EDGE_NUMBER_KINDS = {
  tiny: [0.001, 0.004, 0.005, 0.009, 1e-7, 1e-9, 5e-324, 0.30000000000000004],
  huge: [
    1e15,
    1e16,
    // Shillings whose cents just pass PostgreSQL's bigint.
    2 ** 63 / 100,
    1e17,
    1e20,
    1e308,
    2 ** 63,
    Number.MAX_VALUE,
    Number.MAX_SAFE_INTEGER + 2,
  ],
  negative: [-1, -0, -0.01, Number.MIN_SAFE_INTEGER, -(2 ** 31), -1e308],
  boundary: [
    0,
    0.01,
    1.5,
    99_999_999.999,
    100_000_000,
    100_000_000.01,
    2 ** 31 - 1,
    2 ** 31,
    Number.MAX_SAFE_INTEGER,
  ],
};
export const edgeNumber: fc.Arbitrary<number> = fc.oneof(
  ...Object.values(EDGE_NUMBER_KINDS).map((numbers) => fc.constantFrom(...numbers)),
);

/** What only text can say (query strings, path segments, form fields). */
const NUMBER_LIKE_TEXTS = [
  '1e20',
  '1e308',
  '1e400',
  '-1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b11',
  '0o7',
  '1_000',
  ' 1 ',
  '',
  '+1',
  '1e',
  '.',
  '-',
  '١٢٣',
  '１２',
  '9'.repeat(400),
  '0.' + '0'.repeat(300) + '1',
  '1,5',
  '1.5.5',
  'true',
  '[]',
];
export const edgeNumberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: edgeNumber.map(String) },
  { weight: 1, arbitrary: fc.constantFrom(...NUMBER_LIKE_TEXTS) },
);

/** Number literals only raw JSON text can carry (JSON.stringify cannot write them). */
export const RAW_NUMBER_LITERALS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '123456789012345678901234567890',
  '0.1e1',
  '1E+2',
  '100000000.0000000001',
  '9007199254740993',
];

/** Values of the wrong type for anything. */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, 1, -1, '', '0', 'true', [], {}, [null], [''], { a: 1 }),
  fc.constantFrom<unknown>([1, 2, 3], ['a', 'b'], { '': '' }, { length: 1 }, [[[]]], { toString: 'x' }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** One way to spoil a string; applied to whatever string is in its place. */
export type StringMutation =
  | { op: 'insert'; snippet: string; at: 'start' | 'middle' | 'end' }
  | { op: 'replace'; value: string }
  | { op: 'repeat'; length: number }
  | { op: 'surround'; left: string; right: string };

export const stringMutation: fc.Arbitrary<StringMutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('insert' as const),
      snippet: fc.oneof(
        // NUL is the one control character PostgreSQL refuses in text: it gets its own share.
        { weight: 3, arbitrary: fc.constant('\u0000') },
        { weight: 3, arbitrary: fc.constantFrom(...CONTROL_CHARS) },
        { weight: 2, arbitrary: fc.constantFrom(...LONE_SURROGATES) },
        { weight: 2, arbitrary: fc.constantFrom(...NASTY_SNIPPETS) },
        { weight: 2, arbitrary: fc.constantFrom(...UNICODE_SNIPPETS) },
      ),
      at: fc.constantFrom('start' as const, 'middle' as const, 'end' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('replace' as const),
      value: fc.oneof(
        fc.constantFrom(
          '\u0000',
          ...CONTROL_CHARS,
          ...LONE_SURROGATES,
          ...NASTY_SNIPPETS,
          ...UNICODE_SNIPPETS,
          '',
          ' ',
          '\t\n',
          '00000000-0000-0000-0000-000000000000',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
        ),
        edgeNumberText,
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.uuid(),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('repeat' as const),
      length: fc.constantFrom(101, 255, 256, 1_000, 5_001, 10_001, 65_536, 100_000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('surround' as const),
      left: fc.constantFrom(' ', '\u0000', '\ufeff', '"', "'", '%00', '\u00a0'),
      right: fc.constantFrom(' ', '\u0000', '\ud800', '"', '\\', '%', '\u00a0'),
    }),
  },
);

export function applyStringMutation(base: string, mutation: StringMutation): string {
  switch (mutation.op) {
    case 'insert': {
      if (mutation.at === 'start') return mutation.snippet + base;
      if (mutation.at === 'end') return base + mutation.snippet;
      const middle = Math.floor(base.length / 2);
      return base.slice(0, middle) + mutation.snippet + base.slice(middle);
    }
    case 'replace':
      return mutation.value;
    case 'repeat': {
      const unit = base.length > 0 ? base : 'x';
      return unit.repeat(Math.ceil(mutation.length / unit.length)).slice(0, mutation.length);
    }
    case 'surround':
      return mutation.left + base + mutation.right;
  }
}

export function describeStringMutation(mutation: StringMutation): string {
  switch (mutation.op) {
    case 'insert':
      return `insert ${JSON.stringify(mutation.snippet)} at ${mutation.at}`;
    case 'replace':
      return `replace with ${JSON.stringify(mutation.value.slice(0, 60))}`;
    case 'repeat':
      return `repeat to ${mutation.length} chars`;
    case 'surround':
      return `surround with ${JSON.stringify(mutation.left)}…${JSON.stringify(mutation.right)}`;
  }
}

/** Printable text a user might well type: letters, digits, spaces, accents, emoji, other scripts. */
const friendlyChar = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
  },
  { weight: 2, arbitrary: fc.constantFrom(' ', '-', '.', ',', "'", '!', '?', '/', '&', '#', '(', ')') },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ñ', 'ü', '€', 'ß', '😀', '🇰🇪', 'م', 'ש', '中', 'Ω', '₿') },
);

/** A valid, friendly string of the given length range that starts with a letter (so trim() leaves it). */
export function friendlyText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const max = Math.max(minLength, Math.min(maxLength, 40));
  return fc
    .tuple(
      fc.constantFrom(...'AMNSKWabkmnw'),
      fc.string({ unit: friendlyChar, minLength: 0, maxLength: max }),
    )
    .map(([first, rest]) => {
      let text = (first + rest).slice(0, max);
      // Emoji are two UTF-16 units: never leave half of one at the cut.
      if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
      while (text.length < minLength) text += 'a';
      return text.trimEnd().padEnd(Math.max(minLength, 1), 'a');
    });
}
