import fc from 'fast-check';
import { ref } from './refs.js';
import { friendlyText } from './values.js';

/** The parts of JSON Schema (OpenAPI 3.0 flavour, or zod's draft 2020-12 output) the API's schemas use. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export const CALLBACK_URL = 'http://127.0.0.1:3000/payment/callback';
/** What the world's product costs and its order totals (KES): a valid order or payment names it. */
export const FIXTURE_PRICE = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A calendar day `from` to `to` days from now: stays are booked and searched days ahead, not years. */
const dayAhead = (from: number, to: number) =>
  fc
    .integer({ min: from, max: to })
    .map((days) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10));
/** The world's stay, booking and blocked dates sit this far ahead; generated dates fall nearer. */
export const FIXTURE_STAY_DAYS_AHEAD = 600;

const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });

/**
 * Valid values the schema alone cannot guess: the world's real ids (so a request gets past "not
 * found" into the code behind it), the product's price, a callback on this site, an e-mail.
 */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  productId: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('productId')) }, fc.uuid({ version: 4 })),
  orderId: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('orderId')) }, fc.uuid({ version: 4 })),
  threadId: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('threadId')) }, fc.uuid({ version: 4 })),
  parentReplyId: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('replyId')) }, fc.uuid({ version: 4 })),
  groupId: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('groupId')) }, fc.uuid({ version: 4 })),
  seller: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('sellerId')) }, fc.uuid({ version: 4 })),
  // The cart's products: the world's product, now and then with one that does not exist.
  ids: fc.oneof(
    { weight: 4, arbitrary: fc.constant(ref('productId')) },
    fc.uuid({ version: 4 }).map((id) => `${ref('productId')},${id}`),
  ),
  // A Kenyan phone as people write it (checkout's delivery), now and then one that is not.
  phone: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('0712 345 678', '+254 112 345 678', '254712345678') },
    friendlyText(1, 20),
  ),
  userId: fc.constant(ref('buyerId')),
  eventId: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('eventId')) }, fc.uuid({ version: 4 })),
  organizerId: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('sellerId')) }, fc.uuid({ version: 4 })),
  ticketId: fc.oneof(
    { weight: 6, arbitrary: fc.constant(ref('ticketId')) },
    hex(32).map((id) => `tkt_${id}`),
  ),
  // An event's date: mostly in the future (creation refuses a past one), now and then any date.
  date: fc
    .oneof(
      {
        weight: 4,
        arbitrary: fc.date({ min: new Date('2031-01-01'), max: new Date('2039-12-31'), noInvalidDate: true }),
      },
      fc.date({ noInvalidDate: true }),
    )
    .map((date) => date.toISOString()),
  bookingId: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('bookingId')) }, fc.uuid({ version: 4 })),
  host: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('sellerId')) }, fc.uuid({ version: 4 })),
  // Stay dates: mostly days ahead (a booking or search within the rules), now and then any day.
  startDate: fc.oneof({ weight: 4, arbitrary: dayAhead(1, 60) }, dayAhead(-400, 1000)),
  endDate: fc.oneof({ weight: 4, arbitrary: dayAhead(2, 70) }, dayAhead(-400, 1000)),
  from: dayAhead(1, 60),
  to: dayAhead(2, 70),
  pricePerNight: fc.constant(FIXTURE_PRICE),
  images: fc.constant([`/api/uploads/sample/${'e'.repeat(32)}.webp`]),
  reference: fc.constant(ref('paymentReference')),
  email: fc.oneof(
    fc.constant(ref('buyerEmail')),
    hex(10).map((name) => `fuzz-${name}@example.co.ke`),
  ),
  password: fc.oneof({ weight: 3, arbitrary: fc.constant('Passw0rd!') }, friendlyText(6, 30)),
  callback_url: fc.constant(CALLBACK_URL),
  price: fc.oneof({ weight: 4, arbitrary: fc.constant(FIXTURE_PRICE) }, fc.integer({ min: 1, max: 50_000 })),
  amount: fc.constant(FIXTURE_PRICE),
  // A price range that holds the world's product (and never has its ends the wrong way round).
  minPrice: fc.integer({ min: 0, max: FIXTURE_PRICE }),
  maxPrice: fc.integer({ min: FIXTURE_PRICE, max: 100_000 }),
  originalPrice: fc.constantFrom(null, 1500, FIXTURE_PRICE),
  quantity: fc.constant(1),
  paymentType: fc.oneof(
    { weight: 4, arbitrary: fc.constant('order') },
    fc.constantFrom('booking', 'event', 'course'),
  ),
  courseId: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('courseId')) }, fc.uuid({ version: 4 })),
  instructor: fc.oneof({ weight: 9, arbitrary: fc.constant(ref('sellerId')) }, fc.uuid({ version: 4 })),
  // A lesson's release day: mostly within the two years a lesson may wait, now and then any day.
  releaseDate: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 4, arbitrary: dayAhead(-30, 700) },
    dayAhead(-400, 1000),
  ),
};

/** allOf folded into one schema (the API only uses it to add patterns to a string). */
function flatten(schema: JsonSchema): JsonSchema & { patterns: string[] } {
  const patterns: string[] = schema.pattern ? [schema.pattern] : [];
  let merged: JsonSchema = { ...schema };
  for (const part of schema.allOf ?? []) {
    const flat = flatten(part);
    patterns.push(...flat.patterns);
    merged = { ...flat, ...merged };
  }
  delete merged.allOf;
  return { ...merged, patterns };
}

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;

function numberBounds(schema: JsonSchema): { min: number; max: number; integer: boolean } {
  const integer = typeOf(schema) === 'integer';
  const step = integer ? 1 : 0.01;
  let min = schema.minimum ?? -1000;
  let max = schema.maximum ?? 100_000;
  if (schema.exclusiveMinimum === true) min += step;
  else if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) max -= step;
  else if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
  // Friendly values: no need for the valid example to wander to the ends (the mutations go there).
  max = Math.min(max, Math.max(min, 0) + 100_000);
  return { min, max, integer };
}

function stringValue(schema: JsonSchema & { patterns: string[] }): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Infinity;
  const fits = (text: string) =>
    text.length >= minLength &&
    text.length <= maxLength &&
    schema.patterns.every((pattern) => new RegExp(pattern, 'u').test(text));
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'email') return hex(8).map((name) => `fuzz-${name}@example.co.ke`);
  if (schema.format === 'uri' || schema.format === 'url') return fc.constant(CALLBACK_URL);
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  // A pattern that says more than "no control characters" (an upload URL) is generated from itself.
  const shaped = schema.patterns.filter((pattern) => !pattern.includes('\\p{'));
  if (shaped.length > 0) {
    return fc.stringMatching(new RegExp(shaped[0] ?? '')).filter(fits);
  }
  return friendlyText(Math.max(minLength, 1), maxLength).filter(fits);
}

/**
 * A valid value of the schema, built to get far into the code: required fields always, optional
 * ones half of the time, the world's ids where a field names one.
 */
export function validValue(input: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const schema = flatten(input);
  const hint = HINTS[name];
  const value = ((): fc.Arbitrary<unknown> => {
    if (hint && typeOf(schema) !== 'array' && typeOf(schema) !== 'object') return hint;
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants) return fc.oneof(...variants.map((variant) => validValue(variant, name)));
    switch (typeOf(schema)) {
      case 'string':
        return stringValue(schema);
      case 'integer':
      case 'number': {
        const { min, max, integer } = numberBounds(schema);
        if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
        return fc
          .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
          .map((cents) => cents / 100);
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = schema.items ? validValue(schema.items, name) : fc.constant('x');
        const minLength = schema.minItems ?? 0;
        return fc.array(items, { minLength, maxLength: Math.min(schema.maxItems ?? 3, minLength + 1) });
      }
      case 'object': {
        const properties = schema.properties ?? {};
        const required = schema.required ?? [];
        const fields = Object.fromEntries(
          Object.entries(properties).map(([key, property]) => [key, validValue(property, key)]),
        );
        return fc.record(fields, { requiredKeys: required.filter((key) => key in fields) });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.oneof({ weight: 9, arbitrary: value }, fc.constant(null)) : value;
}
