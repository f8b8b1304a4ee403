// Generated requests name the world's rows symbolically (⟨productId⟩) and the names are resolved when
// the request is sent. A valid request may delete the product or pay the order; the world then makes a
// new one, and later requests reach the new one instead of a dead id.

export type FixtureKey =
  | 'productId'
  | 'sellerId'
  | 'buyerId'
  | 'buyerEmail'
  | 'orderId'
  | 'paymentReference'
  | 'groupId'
  | 'threadId'
  | 'replyId'
  | 'uploadPath'
  | 'eventId'
  | 'ticketId'
  | 'stayId'
  | 'bookingId'
  | 'blockId'
  | 'courseId'
  | 'lessonId'
  | 'certificateCode';
export type Fixtures = Record<FixtureKey, string>;

// Private-use characters: nothing the generators make contains them, so a reference is unambiguous.
const OPEN = '\ue000';
const CLOSE = '\ue001';
const REF = /\ue000(\w+)\ue001/g;

export const ref = (key: FixtureKey): string => `${OPEN}${key}${CLOSE}`;

export function resolveText(text: string, fixtures: Fixtures): string {
  if (!text.includes(OPEN)) return text;
  return text.replace(REF, (whole, key: string) => (key in fixtures ? fixtures[key as FixtureKey] : whole));
}

/** Resolves references anywhere in a JSON value, keys included. */
export function resolveValue(value: unknown, fixtures: Fixtures): unknown {
  if (typeof value === 'string') return resolveText(value, fixtures);
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, fixtures));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // defineProperty: a key named __proto__ stays an own, serialisable key.
      Object.defineProperty(out, resolveText(key, fixtures), {
        value: resolveValue(item, fixtures),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
