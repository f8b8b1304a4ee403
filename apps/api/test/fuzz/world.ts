import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { SUSPENDED_OWNER_REASON } from '@sokoni/contracts/moderation-rules';
import sharp from 'sharp';
import { vi } from 'vitest';
import type { Config } from '../../src/config.js';
import {
  bearer,
  createProduct,
  makeAdmin,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../factories.js';
import { createTestApp, queryRows, type TestApp } from '../test-app.js';
import type { UploadSamples } from './multipart.js';
import type { Fixtures } from './refs.js';
import type { Caller } from './requests.js';
import { recordingRoutes, type RegisteredRoute } from './routes.js';
import { CALLBACK_URL, FIXTURE_PRICE, FIXTURE_STAY_DAYS_AHEAD } from './schema-values.js';

// The world a fuzzed request lands in: the whole app on its own database, with real rows for valid
// ids to name, callers of every kind, the server's error log, and a fingerprint of what is stored.

/** One line of the server's log (pino JSON), as parsed. */
export type LogEntry = { level: number; msg?: string; err?: LoggedError; [key: string]: unknown };
export type LoggedError = { type?: string; message?: string; stack?: string; cause?: LoggedError };

/**
 * Per table, its row count and the newest transaction that wrote one of its rows; and the list of
 * uploaded files. Any committed insert, update or delete changes it: an insert or an update leaves a
 * row version with a new xmin, a delete lowers the count (and a delete plus an insert brings a new
 * xmin). Unlike a hash of the rows, it costs no detoasting of large values, so it stays cheap while
 * the webhook stores thousands of big payloads.
 */
export type Fingerprint = Record<string, string>;

/**
 * Tables a request may write to whatever it answers: a failed sign-in is recorded on purpose, and so
 * is every ticket scan at the door, refused ones included (who tried which ticket, and when).
 */
const WRITES_ALLOWED_ON_FAILURE = new Set(['login_failures', 'ticket_scans']);

export type World = {
  name: string;
  t: TestApp;
  routes: RegisteredRoute[];
  fixtures: Fixtures;
  logs: LogEntry[];
  webhookSecret: string;
  authorization(caller: Caller): string | undefined;
  /** What is stored, and whether a request used up the world's rows (paid the order, deleted the product…). */
  snapshot(): Promise<{ fingerprint: Fingerprint; worn: boolean }>;
  /** New rows for the used-up ones, so that later requests still reach the code behind the ids. */
  repair(): Promise<void>;
  close(): Promise<void>;
};

export const PAYSTACK_SECRET = 'sk_test_f0zz1ngf0zz1ngf0zz1ng';
const WRONG_SECRET = 'not-the-secret-but-long-enough-for-hs256-signing';

/** Small valid files of every type the uploads take. */
export async function uploadSamples(): Promise<UploadSamples> {
  const image = () => sharp({ create: { width: 3, height: 2, channels: 3, background: '#047857' } });
  // Videos are checked as whole containers: real clips, as the upload tests use.
  const video = (name: string) => readFileSync(new URL(`../fixtures/video/${name}`, import.meta.url));
  return {
    png: await image().png().toBuffer(),
    jpeg: await image().jpeg().toBuffer(),
    webp: await image().webp().toBuffer(),
    mp4: video('faststart.mp4'),
    webm: video('known-sizes.webm'),
  };
}

/**
 * The app of the test helpers, with: the rate limit out of the way (429s would hide answers), the
 * error log kept in memory, every route recorded, and the timers of the periodic jobs stopped (the
 * trending job writes buffered views every minute: that would look like a write made by whichever
 * request ran then). setInterval is faked while the app is built, and only then.
 */
async function startApp(overrides: Partial<Config>, logs: LogEntry[]) {
  const stream = {
    write(line: string) {
      try {
        logs.push(JSON.parse(line) as LogEntry);
      } catch {
        logs.push({ level: 50, msg: line });
      }
    },
  };
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const started = await recordingRoutes(() =>
      createTestApp({ rateLimitMax: 1_000_000, ...overrides }, { logger: { level: 'error', stream } }),
    );
    // Scheduled jobs (trending every minute) write too: the queue is stopped once the app is up.
    await started.built.app.jobs.stop();
    return started;
  } finally {
    vi.useRealTimers();
  }
}

/** base64url of JSON, for hand-made tokens. */
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Authorization headers a server has to refuse: forged, expired, malformed. */
async function garbageAuthorizations(buyer: RegisteredUser, jwtSecret: string): Promise<string[]> {
  const claims = { sub: buyer.id, name: buyer.name, email: buyer.email, role: 'admin' };
  const sign = (key: string, exp: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(buyer.id)
      .setIssuedAt(exp - 3600)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(key));
  const now = Math.floor(Date.now() / 1000);
  const [header, payload] = buyer.token.split('.');
  return [
    'Bearer',
    'Bearer ',
    'Bearer x',
    `Bearer ${'a'.repeat(5000)}`,
    'Basic dXNlcjpwYXNz',
    'Token abc',
    buyer.token,
    `Bearer ${buyer.token}x`,
    `Bearer ${buyer.token.slice(0, -2)}`,
    `Bearer ${header}.${payload}.`,
    `Bearer ${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, exp: now + 3600 })}.`,
    `Bearer ${part({ alg: 'HS512', typ: 'JWT' })}.${payload}.${'A'.repeat(86)}`,
    `Bearer ${await sign(WRONG_SECRET, now + 3600)}`,
    // The right key, but expired: every token ends up like this.
    `Bearer ${await sign(jwtSecret, now - 60)}`,
    `Bearer ${buyer.token} ${buyer.token}`,
    `Bearer \u00ff${buyer.token}`,
    `Bearer ${'.'.repeat(3)}`,
    `Bearer ${part({ alg: 'HS256' })}.${part({ sub: '\u0000', email: 1, role: 'root', exp: 'never' })}.sig`,
  ];
}

async function uploadPathOf(t: TestApp, token: string, png: Buffer): Promise<string> {
  const boundary = 'fuzzworldboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/product-image',
    payload,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (response.statusCode !== 201)
    throw new Error(`world: upload failed: ${response.statusCode} ${response.body}`);
  return response.json<{ publicUrl: string }>().publicUrl.replace(/^\/api\/uploads\//, '');
}

export async function createWorld(
  name: string,
  options: { samples: UploadSamples; overrides?: Partial<Config> },
): Promise<World> {
  const logs: LogEntry[] = [];
  const { built: t, routes } = await startApp(options.overrides ?? {}, logs);
  const { app } = t;
  const db = t.database.db;

  const post = async (url: string, token: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers: bearer(token), payload });
    if (response.statusCode >= 300)
      throw new Error(`world: POST ${url} failed: ${response.statusCode} ${response.body}`);
    return response.json<Record<string, unknown>>();
  };

  const seller = await registerUser(app, { name: 'Fuzz Seller' });
  const buyer = await registerUser(app, { name: 'Fuzz Buyer' });
  const adminUser = await registerUser(app, { name: 'Fuzz Admin' });
  const adminToken = await makeAdmin(app, db, adminUser);
  // A user whose account is gone while their token still verifies; they own nothing.
  const deleted = await registerUser(app, { name: 'Fuzz Deleted' });
  await db.execute(sql`delete from users where id = ${deleted.id}`);
  const garbage = await garbageAuthorizations(buyer, t.config.jwtSecret ?? '');

  const newProduct = () =>
    createProduct(db, seller.id, { priceCents: FIXTURE_PRICE * 100, title: 'Fuzz kiondo' });
  const newOrder = async (productId: string) => (await placeOrder(app, buyer.token, [{ productId }])).id;
  const newPayment = async (orderId: string) => {
    const answer = await post('/api/payments/initialize', buyer.token, {
      email: buyer.email,
      amount: FIXTURE_PRICE,
      callback_url: CALLBACK_URL,
      paymentType: 'order',
      orderId,
    });
    return (answer.data as { reference: string }).reference;
  };

  const productId = await newProduct();
  const orderId = await newOrder(productId);
  const group = await post('/api/community/groups', buyer.token, {
    name: 'Fuzz Wakulima',
    description: 'Fuzzing',
  });
  const thread = await post('/api/community/threads', buyer.token, {
    title: 'Fuzz thread',
    content: 'Habari',
    category: 'agriculture',
    groupId: group.id,
  });
  const reply = await post('/api/community/replies', seller.token, { threadId: thread.id, content: 'Sawa' });
  // An event of the seller's at the fixture price, and a ticket of the buyer's for it.
  const event = await post('/api/events', seller.token, {
    title: 'Fuzz tamasha',
    date: '2031-06-01T15:00:00Z',
    location: 'Nairobi',
    image: `/api/uploads/sample/${'f'.repeat(32)}.webp`,
    price: FIXTURE_PRICE,
    description: 'Fuzzing',
    category: 'Concert',
    ticketsAvailable: 100_000,
  });
  const ticketPayment = await post('/api/payments/initialize', buyer.token, {
    email: buyer.email,
    amount: FIXTURE_PRICE,
    callback_url: CALLBACK_URL,
    paymentType: 'event',
    eventId: event.id,
    quantity: 1,
  });
  await app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${(ticketPayment.data as { reference: string }).reference}/pay`,
  });
  const [ticket] = await queryRows<{ id: string }>(
    db,
    sql`select id from tickets where event_id = ${event.id}`,
  );
  // A stay of the seller's at the fixture price, far enough ahead that generated dates miss them: the
  // buyer's one-night booking of it, held for payment, and nights the seller blocked.
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const newStay = async () => {
    const stay = await post('/api/stays', seller.token, {
      title: 'Fuzz banda',
      description: 'Fuzzing',
      location: 'Naivasha',
      pricePerNight: FIXTURE_PRICE,
      bedrooms: 1,
      bathrooms: 1,
      guests: 2,
      images: [`/api/uploads/sample/${'e'.repeat(32)}.webp`],
      amenities: ['Wi-Fi'],
    });
    // Bookings the fuzzing left unpaid would count against the buyer's limit of held bookings.
    await db.execute(
      sql`update stay_bookings set status = 'cancelled' where guest_id = ${buyer.id} and status = 'held'`,
    );
    const booking = await post(`/api/stays/${String(stay.id)}/book`, buyer.token, {
      startDate: day(FIXTURE_STAY_DAYS_AHEAD),
      endDate: day(FIXTURE_STAY_DAYS_AHEAD + 1),
    });
    const block = await post(`/api/stays/${String(stay.id)}/blocks`, seller.token, {
      startDate: day(FIXTURE_STAY_DAYS_AHEAD + 5),
      endDate: day(FIXTURE_STAY_DAYS_AHEAD + 7),
      note: 'Fuzz repairs',
    });
    return { stayId: String(stay.id), bookingId: String(booking.id), blockId: String(block.id) };
  };
  // A published course of the seller's with one lesson, which the buyer took while it was free and finished
  // (their certificate's code); then it goes on sale at the fixture price, for the others to pay.
  const newCourse = async () => {
    const course = await post('/api/courses', seller.token, {
      title: 'Fuzz darasa',
      description: 'Fuzzing',
      price: 0,
      image: `/api/uploads/sample/${'d'.repeat(32)}.webp`,
      category: 'Agriculture',
      instructorName: 'Fuzz Seller',
    });
    const courseId = String(course.id);
    const lesson = await post(`/api/courses/${courseId}/lessons`, seller.token, {
      title: 'Fuzz somo',
      contentType: 'text',
      contentUrl: 'Habari',
      duration: 10,
    });
    const lessonId = String(lesson.id);
    // A course is a draft until published (#28).
    await post(`/api/courses/${courseId}/publish`, seller.token, {});
    await post(`/api/courses/${courseId}/enroll`, buyer.token, {});
    const enrollment = await post(`/api/courses/${courseId}/lessons/${lessonId}/complete`, buyer.token, {});
    const certificate = enrollment.certificate as { verificationCode: string } | null;
    if (!certificate) throw new Error('world: the fixture course issued no certificate');
    const onSale = await app.inject({
      method: 'PUT',
      url: `/api/courses/${courseId}`,
      headers: bearer(seller.token),
      payload: { price: FIXTURE_PRICE },
    });
    if (onSale.statusCode !== 200)
      throw new Error(`world: the course's price: ${onSale.statusCode} ${onSale.body}`);
    return { courseId, lessonId, certificateCode: certificate.verificationCode };
  };
  const fixtures: Fixtures = {
    productId,
    sellerId: seller.id,
    buyerId: buyer.id,
    buyerEmail: buyer.email,
    orderId,
    paymentReference: await newPayment(orderId),
    groupId: String(group.id),
    threadId: String(thread.id),
    replyId: String(reply.id),
    uploadPath: await uploadPathOf(t, seller.token, options.samples.png),
    eventId: String(event.id),
    ticketId: ticket?.id ?? '',
    ...(await newStay()),
    ...(await newCourse()),
  };

  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => row.name)
    .filter((table) => !WRITES_ALLOWED_ON_FAILURE.has(table) && !table.startsWith('__drizzle'));
  // One round trip for every table, and for the state of the world's rows.
  const perTable = sql.raw(
    tables
      .map(
        (table) =>
          `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from public."${table}") as "${table}"`,
      )
      .join(', '),
  );
  const fixtureState = () => sql`
    (select price_cents from products where id = ${fixtures.productId}) as "fixture price",
    (select status from orders where id = ${fixtures.orderId}) as "fixture order",
    (select status from payments where reference = ${fixtures.paymentReference}) as "fixture payment",
    (select status from stay_bookings where id = ${fixtures.bookingId}) as "fixture booking",
    (select status from stay_bookings where id = ${fixtures.blockId}) as "fixture block",
    (select price_cents from courses where id = ${fixtures.courseId}) as "fixture course price",
    (select count(*)::int from course_lessons where id = ${fixtures.lessonId}) as "fixture lesson",
    (select count(*)::int from users where suspended_at is not null) as "fixture suspensions"`;
  const uploadsRoot = join(t.config.dataDir, 'uploads');

  return {
    name,
    t,
    routes,
    fixtures,
    logs,
    webhookSecret: PAYSTACK_SECRET,
    authorization(caller) {
      switch (caller.name) {
        case 'visitor':
          return undefined;
        case 'seller':
          return `Bearer ${seller.token}`;
        case 'buyer':
          return `Bearer ${buyer.token}`;
        case 'admin':
          return `Bearer ${adminToken}`;
        case 'deleted':
          return `Bearer ${deleted.token}`;
        case 'garbage':
          return garbage[caller.variant % garbage.length];
      }
    },
    async snapshot() {
      const [row = {}] = await queryRows<Record<string, unknown>>(
        db,
        sql`select ${perTable}, ${fixtureState()}`,
      );
      const {
        'fixture price': price,
        'fixture order': order,
        'fixture payment': payment,
        'fixture booking': booking,
        'fixture block': block,
        'fixture course price': coursePrice,
        'fixture lesson': lesson,
        'fixture suspensions': suspensions,
        ...counts
      } = row;
      const files = existsSync(uploadsRoot)
        ? readdirSync(uploadsRoot, { recursive: true }).map(String).sort()
        : [];
      return {
        fingerprint: {
          ...(counts as Fingerprint),
          'uploads folder': createHash('md5').update(files.join('\n')).digest('hex'),
        },
        worn:
          Number(price) !== FIXTURE_PRICE * 100 ||
          order !== 'pending' ||
          payment !== 'pending' ||
          booking !== 'held' ||
          block !== 'blocked' ||
          Number(coursePrice) !== FIXTURE_PRICE * 100 ||
          lesson !== 1 ||
          suspensions !== 0,
      };
    },
    async repair() {
      const [state] = await queryRows<Record<string, unknown>>(db, sql`select ${fixtureState()}`);
      // An admin suspended the seller or the buyer (#28): they come back, and so does what they list.
      if (state?.['fixture suspensions'] !== 0) {
        await db.execute(sql`update users set suspended_at = null, suspended_reason = null`);
        for (const table of ['products', 'stays', 'events', 'courses'])
          await db.execute(
            sql`update ${sql.identifier(table)} set hidden_at = null, hidden_reason = null
                where hidden_reason = ${SUSPENDED_OWNER_REASON}`,
          );
      }
      // A new product needs a new order: the old one's units are gone with the old product.
      const newProductNeeded = Number(state?.['fixture price']) !== FIXTURE_PRICE * 100;
      const newOrderNeeded = newProductNeeded || state?.['fixture order'] !== 'pending';
      if (newProductNeeded) fixtures.productId = await newProduct();
      if (newOrderNeeded) fixtures.orderId = await newOrder(fixtures.productId);
      if (newOrderNeeded || state?.['fixture payment'] !== 'pending')
        fixtures.paymentReference = await newPayment(fixtures.orderId);
      // A booking paid for, cancelled or moved on, or a block lifted: a new stay with both.
      if (state?.['fixture booking'] !== 'held' || state['fixture block'] !== 'blocked')
        Object.assign(fixtures, await newStay());
      // The course's price changed or its lesson removed: a new course, paid for and finished.
      if (Number(state?.['fixture course price']) !== FIXTURE_PRICE * 100 || state?.['fixture lesson'] !== 1)
        Object.assign(fixtures, await newCourse());
    },
    close: () => t.close(),
  };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
