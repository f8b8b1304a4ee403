import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { IMAGE_UPLOAD_ROUTES } from '@sokoni/contracts/uploads';
import { multipartSpec, encodeMultipart, type UploadSamples } from './multipart.js';
import {
  bodyMutation,
  jsonText,
  mutationsFor,
  setField,
  type Body,
  type Draft,
  type Mutation,
  type QueryPart,
  type Segment,
} from './mutations.js';
import { ref, resolveText, resolveValue, type FixtureKey, type Fixtures } from './refs.js';
import type { RouteSpec } from './routes.js';
import { FIXTURE_PRICE, validValue, type JsonSchema } from './schema-values.js';
import { stringMutation, applyStringMutation } from './values.js';
import { MAX_URL_LENGTH, percentEncode, wireHeaderValue, wireUrlText, withinHeaderBudget } from './wire.js';

export type CallerName = 'visitor' | 'seller' | 'buyer' | 'admin' | 'garbage' | 'deleted';
/** `variant` picks one of the garbage authorization headers. */
export type Caller = { name: CallerName; variant: number };

export type WebhookSigning = 'valid' | 'none' | 'wrong secret' | 'garbage' | 'upper-case hex';

export type FuzzRequest = {
  route: string;
  caller: Caller;
  draft: Draft;
  mutations: Mutation[];
  signing?: WebhookSigning;
};

/** What the world gives a request when it is sent. */
export type SendContext = {
  fixtures: Fixtures;
  authorization(caller: Caller): string | undefined;
  webhookSecret: string;
};

export type Materialized = { options: InjectOptions & { method: string; url: string }; mutations: string[] };

// ---- callers ----------------------------------------------------------------------------------

const callerArbitrary: fc.Arbitrary<Caller> = fc.record({
  name: fc.oneof(
    { weight: 1, arbitrary: fc.constant<CallerName>('visitor') },
    { weight: 3, arbitrary: fc.constant<CallerName>('seller') },
    { weight: 3, arbitrary: fc.constant<CallerName>('buyer') },
    { weight: 2, arbitrary: fc.constant<CallerName>('admin') },
    { weight: 1, arbitrary: fc.constant<CallerName>('garbage') },
    { weight: 2, arbitrary: fc.constant<CallerName>('deleted') },
  ),
  variant: fc.nat(),
});

// ---- valid drafts -----------------------------------------------------------------------------

/** Which of the world's rows a path parameter names, from its name or the collection before it. */
const COLLECTION_FIXTURES: Record<string, FixtureKey[]> = {
  products: ['productId'],
  users: ['sellerId', 'buyerId'],
  sellers: ['sellerId', 'buyerId'],
  orders: ['orderId'],
  sales: ['orderId'],
  threads: ['threadId'],
  replies: ['replyId'],
  sandbox: ['paymentReference'],
  product: ['productId'],
  events: ['eventId'],
  organizer: ['sellerId', 'buyerId'],
  tickets: ['ticketId'],
  stays: ['stayId'],
  bookings: ['bookingId'],
  blocks: ['blockId'],
  courses: ['courseId'],
  lessons: ['lessonId'],
  certificates: ['certificateCode'],
};

function paramValue(url: string, name: string): fc.Arbitrary<string> {
  const before = url.split(`/:${name}`)[0]?.split('/').at(-1) ?? '';
  const keys: FixtureKey[] =
    name === 'reference'
      ? ['paymentReference']
      : name === 'productId'
        ? ['productId']
        : (COLLECTION_FIXTURES[before] ?? []);
  const real = keys.length > 0 ? fc.constantFrom(...keys.map(ref)) : fc.uuid({ version: 4 });
  // Now and then another row's id: the right shape, the wrong thing.
  return fc.oneof(
    { weight: 8, arbitrary: real },
    fc.constantFrom(...(['productId', 'orderId', 'replyId', 'buyerId'] as const).map(ref)),
  );
}

function queryParts(value: Record<string, unknown>): QueryPart[] {
  const parts: QueryPart[] = [];
  for (const [key, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item])
      parts.push({ key, value: String(one), raw: false });
  }
  return parts;
}

const mutationList = (mutation: fc.Arbitrary<Mutation>): fc.Arbitrary<Mutation[]> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 6, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 1 }) },
    { weight: 3, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) },
  );

const emptyDraft = (method: string, url: string): Draft => ({
  method,
  url,
  params: {},
  query: [],
  headers: {},
  contentType: undefined,
  body: { kind: 'none' },
});

/** A route described by its schemas: a valid request from them, then mutations. */
function schemaRequest(spec: RouteSpec): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(
    Object.fromEntries(spec.params.map((param) => [param.name, paramValue(spec.url, param.name)])),
  );
  const querySchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(spec.query.map((param) => [param.name, param.schema])),
    required: spec.query.filter((param) => param.required).map((param) => param.name),
  };
  const query = validValue(querySchema) as fc.Arbitrary<Record<string, unknown>>;
  const body = spec.body ? validValue(spec.body) : fc.constant(undefined);
  const has = { body: spec.body !== undefined, query: spec.query.length > 0, params: spec.params.length > 0 };
  // Which fields hold text (to spoil as text) and which numbers, flags or ids (to push to the edges).
  const isText = (schema: JsonSchema) => schema.type === 'string' && !schema.enum && !schema.format;
  const fields = {
    query: spec.query.map((param) => ({ name: param.name, text: isText(param.schema) })),
    body: Object.entries(spec.body?.properties ?? {}).map(([name, schema]) => ({
      name,
      text: isText(schema),
    })),
  };
  return fc
    .record({
      caller: callerArbitrary,
      params,
      query,
      body,
      mutations: mutationList(mutationsFor(has, fields)),
    })
    .map(({ caller, params, query, body, mutations }) => ({
      route: spec.key,
      caller,
      mutations,
      draft: {
        ...emptyDraft(spec.method, spec.url),
        params: Object.fromEntries(
          Object.entries(params).map(([name, value]) => [name, { value, raw: false }]),
        ),
        query: queryParts(query),
        body: body === undefined ? { kind: 'none' } : { kind: 'json', value: body, raw: [] },
      },
    }));
}

function multipartRequest(spec: RouteSpec, samples: UploadSamples): fc.Arbitrary<FuzzRequest> {
  const route = spec.url.split('/').at(-1) ?? '';
  const folder = IMAGE_UPLOAD_ROUTES[route as keyof typeof IMAGE_UPLOAD_ROUTES] ?? 'community';
  const general = mutationsFor({ body: false, query: false, params: false });
  return fc
    .record({
      caller: callerArbitrary,
      form: multipartSpec(samples, { video: route.includes('video'), folder }),
      // Mostly the form alone; sometimes a header, a method or a query as well.
      mutations: fc.oneof(
        { weight: 4, arbitrary: fc.constant<Mutation[]>([]) },
        fc.array(general, { minLength: 1, maxLength: 1 }),
      ),
    })
    .map(({ caller, form, mutations }) => {
      const { payload, contentType } = encodeMultipart(form);
      const labelled: Mutation = { apply: (draft) => ({ draft, label: `multipart: ${form.label}` }) };
      return {
        route: spec.key,
        caller,
        mutations: [labelled, ...mutations],
        draft: {
          ...emptyDraft(spec.method, spec.url),
          contentType: contentType ?? null,
          body: { kind: 'bytes', bytes: payload },
        },
      };
    });
}

/** Paystack's charge.success for the world's payment, spoilt by the body mutations, signed or not. */
function webhookRequest(spec: RouteSpec): fc.Arbitrary<FuzzRequest> {
  const event = fc.record({
    event: fc.constantFrom('charge.success', 'charge.failed', 'transfer.success', 'refund.processed', ''),
    data: fc.record(
      {
        id: fc.nat(),
        reference: fc.oneof(
          { weight: 9, arbitrary: fc.constant(ref('paymentReference')) },
          fc.constant('sok_0123456789abcdef01234567'),
        ),
        status: fc.constantFrom('success', 'failed', 'abandoned', 'reversed', 'ongoing'),
        amount: fc.oneof({ weight: 6, arbitrary: fc.constant(FIXTURE_PRICE * 100) }, fc.constant(1)),
        currency: fc.constantFrom('KES', 'USD'),
        metadata: fc.constantFrom<unknown>(undefined, { orderId: ref('orderId') }),
      },
      { requiredKeys: ['reference', 'status', 'amount', 'currency'] },
    ),
  });
  // What the webhook's own fields are worth spoiling with, on top of the generic body mutations.
  const eventMutation = fc
    .constantFrom<[Array<string | number>, unknown]>(
      [['data', 'reference'], '\u0000'],
      [['data', 'reference'], 'sok_\u0000'],
      [['data', 'reference'], '\ud800'],
      [['data', 'reference'], 'x'.repeat(100_000)],
      [['data', 'reference'], ''],
      [['data', 'reference'], ['sok_x']],
      [['data', 'amount'], '100000'],
      [['data', 'amount'], 1e308],
      [['data', 'amount'], -100_000],
      [['data', 'amount'], 1000.5],
      [['data', 'amount'], null],
      [['data', 'currency'], 'kes'],
      [['data', 'currency'], '\u0000'],
      [['data', 'status'], '\u0000'],
      [['data', 'metadata'], { note: '\u0000' }],
      [['data', 'metadata'], { note: '\udfff' }],
      [['data', 'metadata'], { 'a\u0000': 1 }],
      [['data'], null],
      [['data'], 'charge'],
      [['event'], '\u0000'],
    )
    .map(([path, value]) => setField(path, value));
  const extra = mutationsFor({ body: false, query: false, params: false });
  return fc
    .record({
      caller: fc.constant<Caller>({ name: 'visitor', variant: 0 }),
      event,
      mutations: fc.oneof(
        { weight: 2, arbitrary: fc.constant<Mutation[]>([]) },
        { weight: 4, arbitrary: fc.array(eventMutation, { minLength: 1, maxLength: 2 }) },
        { weight: 4, arbitrary: fc.array(bodyMutation, { minLength: 1, maxLength: 2 }) },
        { weight: 1, arbitrary: fc.array(extra, { minLength: 1, maxLength: 1 }) },
      ),
      signing: fc.oneof(
        { weight: 8, arbitrary: fc.constant<WebhookSigning>('valid') },
        fc.constantFrom<WebhookSigning>('none', 'wrong secret', 'garbage', 'upper-case hex'),
      ),
    })
    .map(({ caller, event, mutations, signing }) => ({
      route: spec.key,
      caller,
      mutations,
      signing,
      draft: { ...emptyDraft(spec.method, spec.url), body: { kind: 'json', value: event, raw: [] } },
    }));
}

const GARBAGE_SEGMENTS: Segment[] = [
  ...[
    '%00',
    '..',
    '%2e%2e',
    '%2F',
    '%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '.hidden',
    '%',
    '%zz',
    '%ED%A0%80',
    '',
    '~',
    '.',
    '%5C..%5C',
  ].map((value) => ({ value, raw: true })),
  ...[
    'products',
    'sample',
    'community',
    'x'.repeat(300),
    'a\u0000b.webp',
    '😀.webp',
    'index.html',
    'package.json',
    "$'",
  ].map((value) => ({ value, raw: false })),
];

const segmentArbitrary: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...GARBAGE_SEGMENTS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('photo.webp', 'x', 'json'), stringMutation)
      .map(([base, mutation]) => ({ value: applyStringMutation(base, mutation), raw: false })),
  },
);

/** Files under /api/uploads/: a real one, its neighbours, traversal and junk; with range and cache headers. */
function staticRequest(spec: RouteSpec): fc.Arbitrary<FuzzRequest> {
  const rest = fc.oneof(
    { weight: 2, arbitrary: fc.constant<Segment[]>([{ value: ref('uploadPath'), raw: true }]) },
    { weight: 3, arbitrary: fc.array(segmentArbitrary, { minLength: 1, maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: segmentArbitrary.map((segment) => [{ value: ref('uploadPath'), raw: true }, segment]),
    },
  );
  return fc
    .record({
      caller: callerArbitrary,
      rest,
      mutations: mutationList(mutationsFor({ body: false, query: false, params: false })),
    })
    .map(({ caller, rest, mutations }) => ({
      route: spec.key,
      caller,
      mutations,
      draft: {
        ...emptyDraft(spec.method, spec.url),
        path: [{ value: 'api', raw: true }, { value: 'uploads', raw: true }, ...rest],
      },
    }));
}

/** The Swagger UI's pages and files; a wildcard gets junk. */
function docsRequest(spec: RouteSpec): fc.Arbitrary<FuzzRequest> {
  const fixed = spec.url
    .replace(/\*$/, '')
    .split('/')
    .filter(Boolean)
    .map((value): Segment => ({ value, raw: true }));
  const tail = spec.url.endsWith('*')
    ? fc.array(segmentArbitrary, { minLength: 1, maxLength: 3 })
    : fc.constant<Segment[]>([]);
  return fc
    .record({
      caller: callerArbitrary,
      tail,
      mutations: mutationList(mutationsFor({ body: false, query: false, params: false })),
    })
    .map(({ caller, tail, mutations }) => ({
      route: spec.key,
      caller,
      mutations,
      draft: { ...emptyDraft(spec.method, spec.url), path: [...fixed, ...tail] },
    }));
}

/** Paths no route serves, with any method: the not-found handlers. */
export function unroutedRequest(): fc.Arbitrary<FuzzRequest> {
  const prefix = fc.constantFrom<Segment[]>(
    [{ value: 'api', raw: true }],
    [],
    [{ value: 'API', raw: true }],
    [
      { value: 'api', raw: true },
      { value: '', raw: true },
    ],
    [
      { value: 'api', raw: true },
      { value: 'products', raw: true },
      { value: 'x', raw: true },
      { value: 'y', raw: true },
    ],
  );
  return fc
    .record({
      caller: callerArbitrary,
      method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      prefix,
      rest: fc.array(segmentArbitrary, { maxLength: 3 }),
      mutations: mutationList(mutationsFor({ body: false, query: false, params: false })),
    })
    .map(({ caller, method, prefix, rest, mutations }) => ({
      route: 'unrouted',
      caller,
      mutations,
      draft: { ...emptyDraft(method, '(unrouted)'), path: [...prefix, ...rest] },
    }));
}

/** The generator for one route; undefined when the route is of a kind the fuzzer does not know. */
export function requestsFor(spec: RouteSpec, samples: UploadSamples): fc.Arbitrary<FuzzRequest> {
  switch (spec.kind) {
    case 'schema':
      return schemaRequest(spec);
    case 'multipart':
      return multipartRequest(spec, samples);
    case 'webhook':
      return webhookRequest(spec);
    case 'static':
      return staticRequest(spec);
    case 'docs':
      return docsRequest(spec);
  }
}

/** How often a route is picked: the ones with more to get wrong get more requests. */
export function weightOf(spec: RouteSpec): number {
  if (spec.method === 'HEAD' || spec.kind === 'docs') return 1;
  if (spec.kind === 'multipart' || spec.kind === 'webhook' || spec.kind === 'static') return 3;
  if (spec.body || spec.query.length > 0) return 6;
  return spec.params.length > 0 ? 3 : 2;
}

// ---- sending ----------------------------------------------------------------------------------

function resolveDraft(draft: Draft, fixtures: Fixtures): Draft {
  const segment = (item: Segment): Segment => ({ ...item, value: resolveText(item.value, fixtures) });
  const body: Body =
    draft.body.kind === 'json'
      ? { ...draft.body, value: resolveValue(draft.body.value, fixtures) }
      : draft.body.kind === 'text'
        ? { kind: 'text', text: resolveText(draft.body.text, fixtures) }
        : draft.body;
  return {
    ...draft,
    params: Object.fromEntries(Object.entries(draft.params).map(([name, item]) => [name, segment(item)])),
    path: draft.path?.map(segment),
    query: draft.query.map((part) => ({
      ...part,
      key: resolveText(part.key, fixtures),
      value: part.value === undefined ? undefined : resolveText(part.value, fixtures),
    })),
    body,
  };
}

const encodeSegment = (segment: Segment) =>
  segment.raw ? wireUrlText(segment.value) : percentEncode(segment.value);

function urlOf(draft: Draft): string {
  const path = draft.path
    ? `/${draft.path.map(encodeSegment).join('/')}`
    : draft.url.replace(/:(\w+)/g, (whole, name: string) => {
        const segment = draft.params[name];
        return segment ? encodeSegment(segment) : whole;
      });
  const query = draft.query
    .map((part) => {
      const encode = part.raw ? wireUrlText : percentEncode;
      return part.value === undefined ? encode(part.key) : `${encode(part.key)}=${encode(part.value)}`;
    })
    .join('&');
  // A longer request line never reaches the app: Node answers 431 itself.
  return (query ? `${path}?${query}` : path).slice(0, MAX_URL_LENGTH);
}

function payloadOf(body: Body): string | Buffer | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json':
      return jsonText(body);
    case 'text':
      return body.text;
    case 'bytes':
      return body.bytes;
  }
}

function signature(
  payload: string | Buffer | undefined,
  signing: WebhookSigning,
  secret: string,
): string | undefined {
  const hmac = (key: string) =>
    createHmac('sha512', key)
      .update(payload ?? '')
      .digest('hex');
  switch (signing) {
    case 'valid':
      return hmac(secret);
    case 'upper-case hex':
      return hmac(secret).toUpperCase();
    case 'wrong secret':
      return hmac('sk_test_not_the_secret');
    case 'garbage':
      return 'sha512=not-hex';
    case 'none':
      return undefined;
  }
}

/** The request as sent: the world's ids filled in, the mutations applied, every byte wire-valid. */
export function materialize(request: FuzzRequest, context: SendContext): Materialized {
  let draft = resolveDraft(request.draft, context.fixtures);
  const labels: string[] = [];
  for (const mutation of request.mutations) {
    const applied = mutation.apply(draft);
    draft = applied.draft;
    labels.push(applied.label);
  }
  const payload = payloadOf(draft.body);
  const headers: Record<string, string> = {};
  const authorization = context.authorization(request.caller);
  if (authorization !== undefined) headers.authorization = authorization;
  const contentType =
    draft.contentType === undefined
      ? draft.body.kind === 'none'
        ? undefined
        : 'application/json'
      : draft.contentType;
  if (contentType !== null && contentType !== undefined) headers['content-type'] = contentType;
  if (request.signing) {
    const signed = signature(payload, request.signing, context.webhookSecret);
    if (signed !== undefined) headers['x-paystack-signature'] = signed;
    labels.push(`signature: ${request.signing}`);
  }
  Object.assign(headers, draft.headers);
  for (const [name, value] of Object.entries(headers)) headers[name] = wireHeaderValue(value);
  return {
    options: {
      method: draft.method,
      url: urlOf(draft),
      headers: withinHeaderBudget(headers),
      ...(payload === undefined ? {} : { payload }),
    },
    mutations: labels,
  };
}
