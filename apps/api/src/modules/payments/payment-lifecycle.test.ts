import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { REFUND_MAIL } from '@sokoni/contracts/mail';
import { createJobQueue, type JobQueue } from '../../lib/job-queue.js';
import type { MailMessage } from '../mail/mail.service.js';
import type { AuthUser } from '../../lib/tokens.js';
import { registerUser } from '../../../test/factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import type { PaymentHandler, ReleaseReason } from './payment-handlers.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createLedger } from '../ledger/ledger.service.js';
import { DEFAULT_FEE_PERCENT } from '@sokoni/contracts/earnings';

// The engine with a handler of its own that writes a hold row of its own, so what the engine promises
// every vertical is seen apart from any one of them: hold and payment together, release once.
let app: TestApp;
let jobs: JobQueue;
let payments: PaymentsService;
let caller: AuthUser;
let sellerId: string;
const released: Array<{ reference: string; reason: ReleaseReason }> = [];
const mailed: MailMessage[] = [];
const CALLBACK = 'http://127.0.0.1:3000/payment/callback';
const STANDING = { young: false, network: '127.0.0.0/24' };

const handler: PaymentHandler<'course'> = {
  subjectKey: (_caller, input) => input.courseId,
  async prepare(tx, _caller, input, hold) {
    await tx.execute(
      sql`insert into lifecycle_holds (reference, course) values (${hold.reference}, ${input.courseId})`,
    );
    // A price the payments table refuses (it must be above 0) fails the insert after the hold.
    return {
      subjectId: input.courseId,
      amountCents: input.courseId === 'free' ? 0 : 150_000,
      description: 'A course',
    };
  },
  describe: async () => 'A course',
  vertical: 'courses',
  shares: async (_tx, payment) => [
    {
      earnerId: sellerId,
      part: `course:${payment.subjectId}`,
      grossCents: payment.amountCents,
      releaseAt: null,
    },
  ],
  // A course whose id starts with 'gone' is no longer to be had when its payment succeeds.
  fulfil: async (_tx, payment) => (payment.subjectId.startsWith('gone') ? 'unavailable' : 'fulfilled'),
  async release(_tx, payment, reason) {
    released.push({ reference: payment.reference, reason });
  },
  receipt: async () => ({
    items: [{ description: 'A course', amount: 1500 }],
    sellers: [],
    delivery: null,
    path: '/courses',
  }),
};

beforeAll(async () => {
  // A second engine beside the app's, on its database, with a job queue of its own.
  app = await createTestApp();
  const db = app.database.db;
  await db.execute(sql`create table lifecycle_holds (reference text primary key, course text not null)`);
  const user = await registerUser(app.app);
  caller = { sub: user.id, name: user.name, email: user.email, role: 'user', exp: Date.now() / 1000 + 3600 };
  sellerId = (await registerUser(app.app)).id;
  jobs = createJobQueue(app.database, pino({ level: 'silent' }));
  payments = createPaymentsService({
    db,
    ledger: createLedger({ db, feePercent: { ...DEFAULT_FEE_PERCENT }, jobs }),
    provider: createSandboxProvider({ db }),
    handlers: { course: handler },
    jobs,
    mail: {
      queue: async (_tx, message) => {
        mailed.push(message);
      },
    },
    siteUrl: () => 'http://127.0.0.1:3000',
    log: pino({ level: 'silent' }),
  });
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
});

const start = (courseId: string, email = caller.email) =>
  payments.initialize(
    caller,
    { email, amount: 1500, callback_url: CALLBACK, paymentType: 'course', courseId },
    ['http://127.0.0.1:3000'],
    STANDING,
  );

const holdsOf = async (course: string) =>
  queryRows<{ reference: string }>(
    app.database.db,
    sql`select reference from lifecycle_holds where course = ${course}`,
  );

describe('the payment lifecycle every vertical plugs into', () => {
  it('refuses a payment type no vertical has plugged in', async () => {
    await expect(
      payments.initialize(
        caller,
        {
          email: caller.email,
          amount: 1500,
          callback_url: CALLBACK,
          paymentType: 'order',
          orderId: randomUUID(),
        },
        ['http://127.0.0.1:3000'],
        STANDING,
      ),
    ).rejects.toMatchObject({
      code: 'PAYMENT_TYPE_UNAVAILABLE',
      message: PAYMENT_MESSAGES.typeUnavailable('order'),
    });
  });

  it('writes the hold and the payment together: when the payment cannot be written, the hold is gone too', async () => {
    await expect(start('free')).rejects.toThrow();
    expect(await holdsOf('free')).toEqual([]);

    const course = randomUUID();
    const { data } = await start(course);
    expect(await holdsOf(course)).toEqual([{ reference: data.reference }]);
  });

  it('releases a declined payment once, however often the decline is reported', async () => {
    const { data } = await start(randomUUID());
    await Promise.all([
      payments.sandboxDecide(data.reference, 'decline'),
      payments.sandboxDecide(data.reference, 'decline'),
      payments.sandboxDecide(data.reference, 'decline'),
    ]);
    expect(released.filter((entry) => entry.reference === data.reference)).toEqual([
      { reference: data.reference, reason: 'failed' },
    ]);
  });

  it('answers the open payment of a subject started again on the same terms, holding once', async () => {
    const course = randomUUID();
    const first = await start(course);
    expect(await start(course)).toEqual(first);
    expect(await holdsOf(course)).toEqual([{ reference: first.data.reference }]);
  });

  it('releases the earlier payment once when its subject is paid for again on other terms, and never a paid one', async () => {
    const course = randomUUID();
    const first = await start(course);
    const second = await start(course, 'another@example.co.ke');
    expect(second.data.reference).not.toBe(first.data.reference);
    await payments.sandboxDecide(second.data.reference, 'pay');
    await payments.sandboxDecide(first.data.reference, 'decline');
    await payments.sandboxDecide(first.data.reference, 'decline');
    expect(released.filter((entry) => entry.reference === second.data.reference)).toEqual([]);
    expect(released.filter((entry) => entry.reference === first.data.reference)).toEqual([
      { reference: first.data.reference, reason: 'superseded' },
    ]);
  });

  it('refunds a charge that fulfilled nothing: marked in the settlement, its payer told in plain words, then refunded by the job', async () => {
    const { data } = await start(`gone-${randomUUID()}`);
    await payments.sandboxDecide(data.reference, 'pay');
    expect(released.filter((entry) => entry.reference === data.reference)).toEqual([
      { reference: data.reference, reason: 'unfulfillable' },
    ]);
    const [row] = await queryRows<{ status: string; failure_reason: string; refund_status: string }>(
      app.database.db,
      sql`select status, failure_reason, refund_status from payments where reference = ${data.reference}`,
    );
    expect(row).toMatchObject({ status: 'success', failure_reason: 'subject_unavailable' });
    // The refund notice, and no receipt: it fulfilled nothing.
    expect(mailed.filter((mail) => mail.text.includes(data.reference))).toEqual([
      expect.objectContaining({
        to: caller.email,
        subject: REFUND_MAIL.subject,
        text: expect.stringContaining(PAYMENT_MESSAGES.refundNotice('KES 1,500')),
      }),
    ]);
    await expect
      .poll(async () => (await payments.verify(caller, data.reference)).refund, { timeout: 10_000 })
      .toBe('refunded');
  });
});
