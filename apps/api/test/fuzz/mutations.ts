import fc from 'fast-check';
import {
  applyStringMutation,
  describeStringMutation,
  edgeNumber,
  edgeNumberText,
  RAW_NUMBER_LITERALS,
  stringMutation,
  wrongTypeValue,
  type StringMutation,
} from './values.js';

// Requests are drafts (method, path parameters, query, headers, body) built from a valid example.
// Mutations are data, applied to the draft when the request is sent (after the world's ids are
// filled in), so that fast-check can shrink them and a message can say what was done.

export type QueryPart = { key: string; value: string | undefined; raw: boolean };
export type Segment = { value: string; raw: boolean };

export type Body =
  | { kind: 'none' }
  /** JSON.stringify(value), then each marker string replaced by raw JSON text (literals JSON.stringify cannot write). */
  | { kind: 'json'; value: unknown; raw: string[] }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Buffer };

export type Draft = {
  method: string;
  /** The URL path before parameters are filled in (/api/products/:id), or fixed segments. */
  url: string;
  params: Record<string, Segment>;
  /** Replaces the path entirely (static files, the docs, unrouted paths). */
  path?: Segment[];
  query: QueryPart[];
  headers: Record<string, string>;
  /** undefined: the body's natural type; null: no content-type header at all. */
  contentType: string | null | undefined;
  body: Body;
};

export type Mutation = { apply(draft: Draft): { draft: Draft; label: string } };

const RAW_MARK = (index: number) => `\ue002${index}\ue003`;

/** The JSON text of a body, with raw literals put in their place. */
export function jsonText(body: { value: unknown; raw: string[] }): string {
  let text = JSON.stringify(body.value) ?? '';
  body.raw.forEach((literal, index) => {
    text = text.split(JSON.stringify(RAW_MARK(index))).join(literal);
  });
  return text;
}

// ---- paths inside a JSON value --------------------------------------------------------------

type Path = Array<string | number>;

function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...at, index], out));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...at, key], out);
  return out;
}

function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const key of path) current = (current as Record<string | number, unknown>)[key];
  return current;
}

/** A copy of `value` with the node at `path` replaced (or removed, for `remove`). */
function setAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (remove && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = setAt(copy[head as number], rest, replacement, remove);
    return copy;
  }
  // A path through a value an earlier mutation made a scalar goes on through a fresh object.
  const source = value !== null && typeof value === 'object' ? value : {};
  const name = String(head);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source)) {
    if (key !== name) define(copy, key, item);
    else if (!(remove && rest.length === 0)) define(copy, key, setAt(item, rest, replacement, remove));
  }
  // A field the value does not have yet (an optional one left out of the valid example) is added.
  if (!Object.hasOwn(source, name) && !remove) define(copy, name, setAt(undefined, rest, replacement));
  return copy;
}

/** Sets an own property, even one named __proto__. */
function define(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const pathName = (path: Path) => (path.length === 0 ? 'body' : `body.${path.join('.')}`);
const pick = <T>(items: T[], index: number): T | undefined => items[index % Math.max(1, items.length)];

const jsonBody = (draft: Draft): { value: unknown; raw: string[] } | undefined =>
  draft.body.kind === 'json' ? draft.body : undefined;

// ---- body mutations -------------------------------------------------------------------------

/** A leaf (or any node) of the JSON body replaced by a spoilt value of its own type, or of another. */
const leafMutation: fc.Arbitrary<Mutation> = fc
  .record({
    index: fc.nat(),
    text: stringMutation,
    number: edgeNumber,
    wrong: wrongTypeValue,
    // A value of the wrong type one time in four; otherwise a spoilt value of the right one.
    wrongType: fc.nat({ max: 3 }).map((n) => n === 0),
  })
  .map(({ index, text, number, wrong, wrongType }) => ({
    apply(draft) {
      const body = jsonBody(draft);
      if (!body) return { draft, label: 'no JSON body to change' };
      const paths = pathsOf(body.value);
      // Leaves first: they are where the interesting values are.
      const leaves = paths.filter((path) => {
        const node = getAt(body.value, path);
        return node === null || typeof node !== 'object';
      });
      const path = pick(leaves.length > 0 ? leaves : paths, index) ?? [];
      const node = getAt(body.value, path);
      let replacement: unknown;
      let what: string;
      if (!wrongType && typeof node === 'string') {
        replacement = applyStringMutation(node, text);
        what = describeStringMutation(text);
      } else if (!wrongType && typeof node === 'number') {
        replacement = number;
        what = `= ${number}`;
      } else {
        replacement = wrong;
        what = `= ${JSON.stringify(wrong)?.slice(0, 60)}`;
      }
      return {
        draft: { ...draft, body: { ...body, kind: 'json', value: setAt(body.value, path, replacement) } },
        label: `${pathName(path)}: ${what}`,
      };
    },
  }));

const structureMutation: fc.Arbitrary<Mutation> = fc.oneof(
  // A field left out (often a required one).
  fc.nat().map((index): Mutation => ({
    apply(draft) {
      const body = jsonBody(draft);
      if (!body) return { draft, label: 'no JSON body' };
      const path = pick(pathsOf(body.value).slice(1), index);
      if (!path) return { draft, label: 'nothing to remove' };
      return {
        draft: { ...draft, body: { ...body, kind: 'json', value: setAt(body.value, path, undefined, true) } },
        label: `${pathName(path)} removed`,
      };
    },
  })),
  // A field the schema does not know, prototype pollution keys included.
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'prototype',
          'toString',
          'hasOwnProperty',
          '',
          'id',
          'role',
          'sellerId',
          'userId',
          'isAdmin',
          'status',
          '\u0000',
          'a'.repeat(1000),
        ),
        fc.string({ maxLength: 10 }),
      ),
      fc.oneof(wrongTypeValue, fc.constant({ isAdmin: true, polluted: 'yes' })),
      fc.nat(),
    )
    .map(([key, value, index]): Mutation => ({
      apply(draft) {
        const body = jsonBody(draft);
        if (!body) return { draft, label: 'no JSON body' };
        const objects = pathsOf(body.value).filter((path) => {
          const node = getAt(body.value, path);
          return node !== null && typeof node === 'object' && !Array.isArray(node);
        });
        const path = pick(objects, index);
        if (!path) return { draft, label: 'no object in the body' };
        const target = { ...(getAt(body.value, path) as Record<string, unknown>) };
        define(target, key, value);
        return {
          draft: { ...draft, body: { ...body, kind: 'json', value: setAt(body.value, path, target) } },
          label: `${pathName(path)}[${JSON.stringify(key.slice(0, 30))}] added = ${JSON.stringify(value)?.slice(0, 40)}`,
        };
      },
    })),
  // A number literal JSON.stringify cannot write, or the same key twice.
  fc
    .tuple(fc.nat(), fc.oneof(fc.constantFrom(...RAW_NUMBER_LITERALS), fc.constant('duplicate')))
    .map(([index, literal]): Mutation => ({
      apply(draft) {
        const body = jsonBody(draft);
        if (!body) return { draft, label: 'no JSON body' };
        const paths = pathsOf(body.value).filter((path) => typeof path.at(-1) === 'string');
        const path = pick(paths, index);
        if (!path) return { draft, label: 'no field for a raw literal' };
        const node = getAt(body.value, path);
        const key = String(path.at(-1));
        const raw =
          literal === 'duplicate'
            ? `${JSON.stringify(node) ?? 'null'},${JSON.stringify(key)}:${typeof node === 'number' ? '0.001' : '"\\u0000"'}`
            : literal;
        return {
          draft: {
            ...draft,
            body: {
              kind: 'json',
              value: setAt(body.value, path, RAW_MARK(body.raw.length)),
              raw: [...body.raw, raw],
            },
          },
          label:
            literal === 'duplicate' ? `${pathName(path)} given twice` : `${pathName(path)}: raw ${literal}`,
        };
      },
    })),
  // Deep nesting where a value was. Written as raw text: a value this deep would overflow the
  // stack of JSON.stringify here before it ever reached the server.
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom(50, 1_000, 5_000, 100_000),
      fc.constantFrom('array' as const, 'object' as const),
    )
    .map(([index, depth, kind]): Mutation => ({
      apply(draft) {
        const body = jsonBody(draft);
        if (!body) return { draft, label: 'no JSON body' };
        const path = pick(pathsOf(body.value), index) ?? [];
        const leaf = JSON.stringify(getAt(body.value, path) ?? 1);
        const [open, close] = kind === 'array' ? ['[', ']'] : ['{"a":', '}'];
        const literal = `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;
        return {
          draft: {
            ...draft,
            body: {
              kind: 'json',
              value: setAt(body.value, path, RAW_MARK(body.raw.length)),
              raw: [...body.raw, literal],
            },
          },
          label: `${pathName(path)} nested in ${depth} ${kind}s`,
        };
      },
    })),
  fc.tuple(fc.nat(), fc.constantFrom(1_000, 100_000)).map(([index, length]): Mutation => ({
    apply(draft) {
      const body = jsonBody(draft);
      if (!body) return { draft, label: 'no JSON body' };
      const arrays = pathsOf(body.value).filter((path) => Array.isArray(getAt(body.value, path)));
      const path = pick(arrays, index);
      const node = path ? (getAt(body.value, path) as unknown[]) : [];
      const element = node[0] ?? 'x';
      const target = path ?? [];
      return {
        draft: {
          ...draft,
          body: {
            ...body,
            kind: 'json',
            value: setAt(
              body.value,
              target,
              Array.from({ length }, () => element),
            ),
          },
        },
        label: `${pathName(target)}: ${length} elements`,
      };
    },
  })),
  // The whole body of another type.
  wrongTypeValue.map((value): Mutation => ({
    apply: (draft) => ({
      draft: { ...draft, body: { kind: 'json', value, raw: [] } },
      label: `body = ${JSON.stringify(value)?.slice(0, 60)}`,
    }),
  })),
);

/** The body as text that is not the JSON it claims to be. */
const rawBodyMutation: fc.Arbitrary<Mutation> = fc
  .tuple(
    fc.constantFrom(
      'truncated',
      'empty',
      'bom',
      'trailing garbage',
      'single quotes',
      'comment',
      'NaN literal',
      'utf-16',
      'latin1',
      'invalid utf-8',
      'just a string',
      'nul byte',
      'many values',
    ),
    fc.nat(),
  )
  .map(([kind, index]): Mutation => ({
    apply(draft) {
      const body = jsonBody(draft);
      const text = body ? jsonText(body) : '{"a":1}';
      const cut = index % Math.max(1, text.length);
      const as = (next: Body) => ({ draft: { ...draft, body: next }, label: `body ${kind}` });
      switch (kind) {
        case 'truncated':
          return as({ kind: 'text', text: text.slice(0, cut) });
        case 'empty':
          return as({ kind: 'text', text: '' });
        case 'bom':
          return as({ kind: 'text', text: `\ufeff${text}` });
        case 'trailing garbage':
          return as({ kind: 'text', text: `${text}}garbage` });
        case 'single quotes':
          return as({ kind: 'text', text: text.replaceAll('"', "'") });
        case 'comment':
          return as({ kind: 'text', text: `/* x */${text}` });
        case 'NaN literal':
          return as({ kind: 'text', text: '{"price":NaN,"quantity":Infinity,"amount":-Infinity}' });
        case 'utf-16':
          return as({ kind: 'bytes', bytes: Buffer.from(text, 'utf16le') });
        case 'latin1':
          return as({ kind: 'bytes', bytes: Buffer.from(text.replace(/"$/, 'é"'), 'latin1') });
        case 'invalid utf-8':
          return as({
            kind: 'bytes',
            bytes: Buffer.concat([
              Buffer.from(text.slice(0, cut)),
              Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
              Buffer.from(text.slice(cut)),
            ]),
          });
        case 'just a string':
          return as({ kind: 'text', text: '"\\u0000"' });
        case 'nul byte':
          return as({
            kind: 'bytes',
            bytes: Buffer.concat([
              Buffer.from(text.slice(0, cut)),
              Buffer.from([0]),
              Buffer.from(text.slice(cut)),
            ]),
          });
        case 'many values':
          return as({ kind: 'text', text: `${text}\n${text}` });
      }
      return as(draft.body);
    },
  }));

// ---- content type, headers, method ------------------------------------------------------------

const CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'application/JSON',
  'application/json;;;',
  'application/vnd.api+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '*/*',
  'application/json, text/plain',
  'application/jsonx',
  'json',
  '',
  'application/json; charset="utf-8"',
  'application/octet-stream',
  'image/png',
];

const contentTypeMutation: fc.Arbitrary<Mutation> = fc
  .oneof({ weight: 6, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, fc.constant(null))
  .map((contentType) => ({
    apply: (draft) => ({
      draft: { ...draft, contentType },
      label: contentType === null ? 'no content-type' : `content-type ${JSON.stringify(contentType)}`,
    }),
  }));

/** Headers every route reads (compression, ETags, request ids) or that proxies and caches set. */
const HEADER_VALUES: Record<string, string[]> = {
  'accept-encoding': [
    'br;q=abc',
    'gzip;q=-1',
    '*;q=0',
    'identity;q=0',
    'gzip, deflate, br, zstd',
    ',,,',
    'br;q=1e400',
    'x'.repeat(4000),
    'identity;q=0, *;q=0',
    'BR',
    'gzip;q=0.5;q=1',
  ],
  'if-none-match': ['*', 'W/', '"', 'W/"x", ,', '"a",'.repeat(1500), ',', 'W/"W/"'],
  'x-request-id': ['a'.repeat(65), '../x', 'ÿ', 'id with spaces', 'a'.repeat(5000)],
  accept: ['*/*;q=abc', 'application/xml', 'text/html', 'x/y;q=0', 'application/json;q=0'],
  'content-encoding': ['gzip', 'br', 'deflate', 'identity', 'x', 'gzip, gzip'],
  'x-forwarded-for': ['1.2.3.4, garbage', '::1', 'x'.repeat(300)],
  'x-forwarded-proto': ['javascript', 'https'],
  host: ['evil.example', 'a:b:c', '[::1]:99999', 'x'.repeat(300), '127.0.0.1:3000'],
  range: [
    'bytes=0-0',
    'bytes=-1',
    'bytes=999999999-',
    'bytes=5-1',
    'bytes=0-1,2-3,4-5',
    'bytes=x',
    'items=0-1',
    'bytes=-0',
  ],
  'if-modified-since': ['garbage', 'Thu, 01 Jan 1970 00:00:00 GMT', 'Sat, 01 Jan 10000 00:00:00 GMT'],
  'if-match': ['*', '"x"'],
  'if-range': ['garbage', '"x"', 'Thu, 01 Jan 1970 00:00:00 GMT'],
  origin: ['null', 'http://evil.example'],
  cookie: ['a=b; c', '=;=;', 'token=x'],
  'x-paystack-signature': ['', 'zz', 'a'.repeat(128), '0'.repeat(128)],
  'accept-language': ['*;q=x', 'sw-KE,sw;q=0.9'],
};

const headerMutation: fc.Arbitrary<Mutation> = fc
  .constantFrom(...Object.entries(HEADER_VALUES))
  .chain(([name, values]) => fc.constantFrom(...values).map((value) => [name, value] as const))
  .map(([name, value]) => ({
    apply: (draft) => ({
      draft: { ...draft, headers: { ...draft.headers, [name]: value } },
      label: `header ${name}: ${JSON.stringify(value.slice(0, 40))}`,
    }),
  }));

const methodMutation: fc.Arbitrary<Mutation> = fc
  .constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')
  .map((method) => ({
    apply: (draft) => ({ draft: { ...draft, method }, label: `method ${method}` }),
  }));

/** A body on a route that takes none (a GET with a body among them). */
const unexpectedBody: fc.Arbitrary<Mutation> = fc
  .oneof(
    wrongTypeValue.map((value): Body => ({ kind: 'json', value, raw: [] })),
    fc.constant<Body>({ kind: 'text', text: '{"a":' }),
  )
  .map((body) => ({
    apply: (draft) =>
      draft.body.kind === 'none'
        ? {
            draft: { ...draft, body },
            label: `unexpected body ${body.kind === 'json' ? JSON.stringify(body.value)?.slice(0, 40) : '(invalid JSON)'}`,
          }
        : { draft, label: 'body kept' },
  }));

// ---- query ----------------------------------------------------------------------------------

const RAW_QUERY_BITS = [
  '&',
  '&&',
  '=',
  '==',
  '?',
  '%',
  '%00',
  '%E0%A4%A',
  '%zz',
  '%u0041',
  '%C0%AE',
  '%ED%A0%80',
  '+',
  ';',
  'a=1;b=2',
  '&=&=',
  '%%',
  '%2',
];

const queryValueMutation: fc.Arbitrary<Mutation> = fc
  .record({
    index: fc.nat(),
    choice: fc.nat({ max: 3 }),
    text: stringMutation,
    number: edgeNumberText,
    raw: fc.constantFrom(...RAW_QUERY_BITS),
  })
  .map(({ index, choice, text, number, raw }) => ({
    apply(draft) {
      const part = pick(draft.query, index);
      if (!part) return { draft, label: 'no query parameter to change' };
      const at = draft.query.indexOf(part);
      const [next, what]: [QueryPart, string] =
        choice === 0
          ? [
              { ...part, value: applyStringMutation(part.value ?? '', text), raw: false },
              describeStringMutation(text),
            ]
          : choice === 1
            ? [{ ...part, value: number, raw: false }, `= ${JSON.stringify(number.slice(0, 40))}`]
            : choice === 2
              ? [
                  { ...part, value: `${part.value ?? ''}${raw}`, raw: true },
                  `raw ${JSON.stringify(raw)} appended`,
                ]
              : [{ ...part, value: undefined }, 'without a value'];
      const query = [...draft.query];
      query[at] = next;
      return { draft: { ...draft, query }, label: `query ${part.key}: ${what}` };
    },
  }));

const queryShapeMutation: fc.Arbitrary<Mutation> = fc.oneof(
  // ?a=1&a=2
  fc
    .tuple(fc.nat(), fc.oneof(edgeNumberText, fc.string({ maxLength: 10 }), fc.constant('price-asc')))
    .map(([index, value]): Mutation => ({
      apply(draft) {
        const part = pick(draft.query, index);
        if (!part) return { draft, label: 'no query parameter to repeat' };
        return {
          draft: { ...draft, query: [...draft.query, { key: part.key, value, raw: false }] },
          label: `query ${part.key} given twice`,
        };
      },
    })),
  // ?a[]=1, ?a[0]=1, ?a[b]=1
  fc
    .tuple(fc.nat(), fc.constantFrom('[]', '[0]', '[a]', '[__proto__]', '.a'))
    .map(([index, suffix]): Mutation => ({
      apply(draft) {
        const part = pick(draft.query, index);
        if (!part) return { draft, label: 'no query parameter' };
        const query = draft.query.map((item) =>
          item === part ? { ...item, key: `${item.key}${suffix}` } : item,
        );
        return { draft: { ...draft, query }, label: `query ${part.key}${suffix}` };
      },
    })),
  // A required parameter left out.
  fc.nat().map((index): Mutation => ({
    apply(draft) {
      const part = pick(draft.query, index);
      if (!part) return { draft, label: 'no query parameter to drop' };
      return {
        draft: { ...draft, query: draft.query.filter((item) => item.key !== part.key) },
        label: `query ${part.key} removed`,
      };
    },
  })),
  // Parameters the route does not know, raw bytes, an over-long query.
  fc
    .tuple(
      fc.constantFrom('__proto__', 'constructor', 'toString', '', 'limit', 'offset', 'q', 'a'.repeat(500)),
      fc.oneof(edgeNumberText, fc.string({ maxLength: 10 })),
    )
    .map(([key, value]): Mutation => ({
      apply: (draft) => ({
        draft: { ...draft, query: [...draft.query, { key, value, raw: false }] },
        label: `query ${JSON.stringify(key.slice(0, 20))} added`,
      }),
    })),
  fc.constantFrom(...RAW_QUERY_BITS).map((bit): Mutation => ({
    apply: (draft) => ({
      draft: { ...draft, query: [...draft.query, { key: bit, value: undefined, raw: true }] },
      label: `raw ${JSON.stringify(bit)} in the query`,
    }),
  })),
  fc.constantFrom(2_000, 7_900).map((length): Mutation => ({
    apply: (draft) => ({
      draft: { ...draft, query: [...draft.query, { key: 'q', value: 'x'.repeat(length), raw: false }] },
      label: `a ${length}-character query`,
    }),
  })),
  fc.constant<Mutation>({
    apply: (draft) => ({
      draft: {
        ...draft,
        query: [
          ...draft.query,
          ...Array.from({ length: 1500 }, (_, i) => ({ key: `k${i}`, value: '1', raw: false })),
        ],
      },
      label: '1500 query parameters',
    }),
  }),
);

// ---- path parameters --------------------------------------------------------------------------

const RAW_SEGMENTS = [
  '%00',
  '%',
  '%zz',
  '..',
  '.',
  '%2F',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%2e%2e',
  '%ED%A0%80',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  '%25',
  '%20',
  '+',
  ';',
  '@',
  ':',
];

const paramMutation: fc.Arbitrary<Mutation> = fc
  .record({
    index: fc.nat(),
    choice: fc.nat({ max: 5 }),
    text: stringMutation,
    raw: fc.constantFrom(...RAW_SEGMENTS),
    uuid: fc.uuid(),
    length: fc.constantFrom(99, 100, 101, 1_000, 10_000),
  })
  .map(({ index, choice, text, raw, uuid, length }) => ({
    apply(draft) {
      const names = Object.keys(draft.params);
      const name = pick(names, index);
      if (name === undefined) return { draft, label: 'no path parameter' };
      const current = draft.params[name]?.value ?? '';
      const [next, what]: [Segment, string] =
        choice === 0
          ? [{ value: applyStringMutation(current, text), raw: false }, describeStringMutation(text)]
          : choice === 1
            ? [{ value: `${current}${raw}`, raw: true }, `raw ${JSON.stringify(raw)} appended`]
            : choice === 2
              ? [{ value: raw, raw: true }, `= raw ${JSON.stringify(raw)}`]
              : choice === 3
                ? [{ value: uuid, raw: false }, 'an unknown UUID']
                : choice === 4
                  ? [{ value: current.toUpperCase(), raw: false }, 'upper-cased']
                  : [{ value: 'a'.repeat(length), raw: false }, `${length} characters`];
      return {
        draft: { ...draft, params: { ...draft.params, [name]: next } },
        label: `path ${name}: ${what}`,
      };
    },
  }));

/** Mutations that apply to any request, weighted towards what the route has. */
/**
 * A named parameter or top-level body field set to an edge value, present in the valid example or
 * not: optional ones (minPrice, originalPrice) are reached as often as required ones.
 */
function namedMutation(
  where: 'query' | 'body',
  fields: Array<{ name: string; text: boolean }>,
): fc.Arbitrary<Mutation> {
  return fc
    .record({
      field: fc.constantFrom(...fields),
      choice: fc.nat({ max: 5 }),
      number: edgeNumberText,
      edge: edgeNumber,
      text: stringMutation,
      wrong: wrongTypeValue,
    })
    .map(({ field, choice, number, edge, text, wrong }) => ({
      apply(draft): { draft: Draft; label: string } {
        const { name } = field;
        // Text fields mostly get spoilt text, the others mostly edge numbers.
        const spoilText = field.text ? choice <= 3 : choice >= 4;
        if (where === 'query') {
          const current = draft.query.find((part) => part.key === name)?.value ?? '';
          const value = spoilText ? applyStringMutation(current, text) : number;
          const query = [
            ...draft.query.filter((part) => part.key !== name),
            { key: name, value, raw: false },
          ];
          return {
            draft: { ...draft, query },
            label: `query ${name} = ${JSON.stringify(value.slice(0, 60))}`,
          };
        }
        const body = jsonBody(draft);
        if (!body || body.value === null || typeof body.value !== 'object' || Array.isArray(body.value))
          return { draft, label: 'no JSON object body' };
        const current = (body.value as Record<string, unknown>)[name];
        const value =
          choice === 5
            ? wrong
            : spoilText
              ? applyStringMutation(typeof current === 'string' ? current : 'x', text)
              : edge;
        return {
          draft: { ...draft, body: { ...body, kind: 'json', value: setAt(body.value, [name], value) } },
          label: `body.${name} = ${JSON.stringify(value)?.slice(0, 60)}`,
        };
      },
    }));
}

export function mutationsFor(
  has: { body: boolean; query: boolean; params: boolean },
  fields: { query: Array<{ name: string; text: boolean }>; body: Array<{ name: string; text: boolean }> } = {
    query: [],
    body: [],
  },
): fc.Arbitrary<Mutation> {
  const choices: Array<fc.WeightedArbitrary<Mutation>> = [
    { weight: 2, arbitrary: headerMutation },
    { weight: 1, arbitrary: contentTypeMutation },
    { weight: 1, arbitrary: methodMutation },
    { weight: 2, arbitrary: queryShapeMutation },
  ];
  if (has.body) {
    choices.push(
      { weight: 14, arbitrary: leafMutation },
      { weight: 5, arbitrary: structureMutation },
      { weight: 3, arbitrary: rawBodyMutation },
    );
  } else {
    choices.push({ weight: 1, arbitrary: unexpectedBody });
  }
  if (has.query)
    choices.push({ weight: 8, arbitrary: queryValueMutation }, { weight: 3, arbitrary: queryShapeMutation });
  if (fields.query.length > 0) choices.push({ weight: 12, arbitrary: namedMutation('query', fields.query) });
  if (fields.body.length > 0) choices.push({ weight: 6, arbitrary: namedMutation('body', fields.body) });
  if (has.params) choices.push({ weight: 6, arbitrary: paramMutation });
  return fc.oneof(...choices);
}

/** A given value at a given place in the JSON body, for generators that know their fields. */
export function setField(path: Array<string | number>, value: unknown): Mutation {
  return {
    apply(draft) {
      const body = jsonBody(draft);
      if (!body) return { draft, label: 'no JSON body' };
      return {
        draft: { ...draft, body: { ...body, kind: 'json', value: setAt(body.value, path, value) } },
        label: `${pathName(path)} = ${JSON.stringify(value)?.slice(0, 60)}`,
      };
    },
  };
}

/** Body mutations alone (the webhook's events go through the same engine). */
export const bodyMutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: leafMutation },
  { weight: 3, arbitrary: structureMutation },
  { weight: 1, arbitrary: rawBodyMutation },
);

export type { StringMutation };
