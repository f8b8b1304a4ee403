import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEE_PERCENT, feeCents, VERTICALS, type Vertical } from '@sokoni/contracts/earnings';
import { payoutsOf, requestPayout, savePayoutMethod } from '../../../test/earnings-factories.js';
import { registerUser, type RegisteredUser } from '../../../test/factories.js';
import { startFakePaystack, type TransferEvent } from '../../../test/fake-paystack.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { createJobQueue, type JobQueue } from '../../lib/job-queue.js';
import { AppError } from '../../lib/errors.js';
import { audit, balanceOf, earnerBalances } from './ledger.repository.js';
import { createLedger, type Ledger } from './ledger.service.js';
import { REFUNDS_QUEUE } from '../payments/payments.service.js';
import * as earningsRepo from './earnings.repository.js';

// The ledger's invariants under random sequences of what moves money (#27), on both databases:
// sales less fees, releases, partial refunds (and the provider paying them), payouts through the
// fake Paystack with success, failure and reversal. After every step each entry balances, no
// earner balance is below zero, the balances are the sum of their lines, each earner's four
// balances are exactly what a model of the same steps predicts — so paid out + in flight +
// available + pending = sold − fees − refunds — and what the provider holds is all of it plus
// Sokoni's fees and the refunds still owed.
const SECRET = 'sk_test_1edge2edge3edge4';
const SEED = 2027;
const RUNS = 12;
const MINIMUM_CENTS = 10_000;

type Balances = { pending: number; available: number; payout_in_flight: number; paid_out: number };
type ShareModel = {
  earningId: string;
  earner: number;
  gross: number;
  fee: number;
  refunded: number;
  feeBack: number;
  released: boolean;
};
type Model = {
  earners: RegisteredUser[];
  balances: Balances[];
  /** Sold less fees less refunds, per earner: what their four balances must add up to. */
  owed: number[];
  shares: ShareModel[];
  refundsOwed: { reference: string; paymentId: string; amount: number; paid: boolean }[];
  payouts: { reference: string; earner: number; amount: number; state: 'in_flight' | 'paid' | 'back' }[];
};

type Step =
  | { op: 'sale'; vertical: number; earners: number[]; grosses: number[] }
  | { op: 'release'; pick: number }
  | { op: 'refund'; pick: number; share: number }
  | { op: 'refundPaid'; pick: number }
  | { op: 'payout'; earner: number }
  | { op: 'transfer'; pick: number; event: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('sale' as const),
    vertical: fc.nat(3),
    earners: fc.array(fc.nat(2), { minLength: 1, maxLength: 2 }),
    grosses: fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 2, maxLength: 2 }),
  }),
  fc.record({ op: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ op: fc.constant('refundPaid' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('payout' as const), earner: fc.nat(2) }),
  fc.record({ op: fc.constant('transfer' as const), pick: fc.nat(), event: fc.nat(2) }),
);

const EVENTS: TransferEvent[] = ['transfer.success', 'transfer.failed', 'transfer.reversed'];

let paystack: Awaited<ReturnType<typeof startFakePaystack>>;
let t: TestApp;
let jobs: JobQueue;
let ledger: Ledger;
let payer: RegisteredUser;
/** Three earners for every run: each run's model starts from their balances as the last one left them. */
let earners: RegisteredUser[];

beforeAll(async () => {
  paystack = await startFakePaystack(SECRET);
  paystack.answerTransfersWith('pending');
  t = await createTestApp({
    paymentsProvider: 'paystack',
    paystackSecretKey: SECRET,
    paystackBaseUrl: paystack.baseUrl,
  });
  // The ledger as the app makes it, beside the app on its database; its jobs are never started.
  jobs = createJobQueue(t.database, pino({ level: 'silent' }));
  jobs.define(REFUNDS_QUEUE, { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 }, async () => {});
  ledger = createLedger({ db: t.database.db, feePercent: { ...DEFAULT_FEE_PERCENT }, jobs });
  payer = await registerUser(t.app);
  earners = await Promise.all([0, 1, 2].map(() => registerUser(t.app)));
  for (const [index, earner] of earners.entries()) {
    await savePayoutMethod(t.app, earner.token, {
      kind: 'mpesa',
      phone: `071200000${index}`,
      name: earner.name,
    });
  }
});
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});

/** A successful charge of `cents`, as the engine leaves one, for a sale to belong to. */
async function paidCharge(cents: number): Promise<{ id: string; reference: string; amountCents: number }> {
  const reference = `sok_${randomBytes(12).toString('hex')}`;
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into payments (reference, user_id, payment_type, subject_id, amount_cents, email, provider,
          status, callback_url, open_key, network, paid_at, hold_ended_at)
        values (${reference}, ${payer.id}, 'order', ${reference}, ${cents}, ${payer.email}, 'paystack',
          'success', 'http://127.0.0.1:3000/payment/callback', ${`property:${reference}`}, '127.0.0.0/24', now(), now())
        returning id`,
  );
  return { id: row?.id as string, reference, amountCents: cents };
}

const webhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
  });

/** Sokoni's fee on what of a share has been refunded in all, rounded half up (a whole refund: all of it). */
const feeOnRefunded = (share: ShareModel, refunded: number) =>
  Math.floor((share.fee * refunded * 2 + share.gross) / (2 * share.gross));

async function apply(model: Model, next: Step): Promise<void> {
  const db = t.database.db;
  switch (next.op) {
    case 'sale': {
      const vertical: Vertical = VERTICALS[next.vertical] ?? 'shop';
      const shares = next.earners.map((earner, index) => ({ earner, gross: next.grosses[index] ?? 1 }));
      const payment = await paidCharge(shares.reduce((sum, share) => sum + share.gross, 0));
      await db.transaction((tx) =>
        ledger.recordSale(
          tx,
          payment,
          vertical,
          shares.map((share, index) => ({
            earnerId: model.earners[share.earner]?.id as string,
            part: `property:${index}`,
            grossCents: share.gross,
            releaseAt: null,
          })),
          'Sale',
        ),
      );
      const rows = await queryRows<{ id: string; part: string }>(
        db,
        sql`select id, part from earnings where payment_id = ${payment.id} order by part`,
      );
      shares.forEach((share, index) => {
        const fee = feeCents(share.gross, DEFAULT_FEE_PERCENT[vertical]);
        const balances = model.balances[share.earner] as Balances;
        balances.pending += share.gross - fee;
        model.owed[share.earner] = (model.owed[share.earner] ?? 0) + share.gross - fee;
        model.shares.push({
          earningId: rows.find((row) => row.part === `property:${index}`)?.id as string,
          earner: share.earner,
          gross: share.gross,
          fee,
          refunded: 0,
          feeBack: 0,
          released: false,
        });
      });
      return;
    }
    case 'release': {
      const share = model.shares[next.pick % Math.max(model.shares.length, 1)];
      if (!share) return;
      const released = await db.transaction((tx) =>
        ledger.release(tx, share.earningId, 'Earnings available'),
      );
      expect(released).toBe(!share.released);
      if (share.released) return;
      const net = share.gross - share.refunded - (share.fee - share.feeBack);
      const balances = model.balances[share.earner] as Balances;
      balances.pending -= net;
      balances.available += net;
      share.released = true;
      return;
    }
    case 'refund': {
      const share = model.shares[next.pick % Math.max(model.shares.length, 1)];
      if (!share) return;
      const amount = Math.min(Math.ceil((share.gross * next.share) / 100), share.gross - share.refunded);
      const feeBack = feeOnRefunded(share, share.refunded + amount) - share.feeBack;
      const netBack = amount - feeBack;
      const balances = model.balances[share.earner] as Balances;
      const from = share.released ? 'available' : 'pending';
      const outcome = await db
        .transaction(async (tx) => {
          const earning = await earningsRepo.lockEarning(tx, share.earningId);
          return ledger.refund(tx, earning!, amount, { reason: 'property', description: 'Refund' });
        })
        .catch((error: unknown) => error);
      if (amount === 0) {
        expect(outcome).toBeNull();
        return;
      }
      if (outcome instanceof AppError) {
        // Refused only when the earner no longer holds their part: it was paid out.
        expect(outcome.code).toBe('EARNINGS_PAID_OUT');
        expect(balances[from]).toBeLessThan(netBack);
        return;
      }
      if (outcome instanceof Error) throw outcome;
      const refund = outcome as { reference: string; amountCents: number };
      expect(refund.amountCents).toBe(amount);
      balances[from] -= netBack;
      model.owed[share.earner] = (model.owed[share.earner] ?? 0) - netBack;
      share.refunded += amount;
      share.feeBack += feeBack;
      const [payment] = await queryRows<{ payment_id: string }>(
        db,
        sql`select payment_id from earnings where id = ${share.earningId}`,
      );
      model.refundsOwed.push({
        reference: refund.reference,
        paymentId: payment?.payment_id as string,
        amount,
        paid: false,
      });
      return;
    }
    case 'refundPaid': {
      const refund = model.refundsOwed[next.pick % Math.max(model.refundsOwed.length, 1)];
      if (!refund) return;
      await db.transaction((tx) =>
        ledger.recordRefundPaid(tx, {
          key: refund.reference,
          paymentId: refund.paymentId,
          amountCents: refund.amount,
          description: 'Refunded',
        }),
      );
      refund.paid = true;
      return;
    }
    case 'payout': {
      const earner = model.earners[next.earner] as RegisteredUser;
      const balances = model.balances[next.earner] as Balances;
      const response = await requestPayout(t.app, earner.token);
      if (balances.available < MINIMUM_CENTS) {
        expect(response.statusCode, response.body).toBe(400);
        return;
      }
      expect(response.statusCode, response.body).toBe(201);
      const { reference, status } = response.json<{ payout: { reference: string; status: string } }>().payout;
      expect(status).toBe('in_flight');
      model.payouts.push({ reference, earner: next.earner, amount: balances.available, state: 'in_flight' });
      balances.payout_in_flight += balances.available;
      balances.available = 0;
      return;
    }
    case 'transfer': {
      const payout = model.payouts[next.pick % Math.max(model.payouts.length, 1)];
      if (!payout) return;
      const event = EVENTS[next.event] ?? 'transfer.success';
      const { body, signature } = paystack.transferEvent(payout.reference, event);
      expect((await webhook(body, signature)).statusCode).toBe(200);
      const balances = model.balances[payout.earner] as Balances;
      if (payout.state === 'in_flight') {
        balances.payout_in_flight -= payout.amount;
        if (event === 'transfer.success') {
          balances.paid_out += payout.amount;
          payout.state = 'paid';
        } else {
          balances.available += payout.amount;
          payout.state = 'back';
        }
      } else if (payout.state === 'paid' && event === 'transfer.reversed') {
        balances.paid_out -= payout.amount;
        balances.available += payout.amount;
        payout.state = 'back';
      }
      return;
    }
  }
}

async function expectSound(model: Model): Promise<void> {
  const db = t.database.db;
  expect(await audit(db)).toMatchObject({ unbalancedEntries: 0, balancesOff: 0, negativeEarnerBalances: 0 });
  for (const [index, earner] of model.earners.entries()) {
    const actual = await earnerBalances(db, earner.id);
    expect(actual).toEqual(model.balances[index]);
    const held = actual.pending + actual.available + actual.payout_in_flight + actual.paid_out;
    expect(held).toBe(model.owed[index]);
  }
  const [clearing, fees, refundsPayable, earnersHeld] = await Promise.all([
    balanceOf(db, { kind: 'provider_clearing' }),
    balanceOf(db, { kind: 'platform_fees' }),
    balanceOf(db, { kind: 'refunds_payable' }),
    queryRows<{ total: number }>(
      db,
      sql`select coalesce(sum(b.balance_cents), 0)::bigint as total from ledger_balances b
          join ledger_accounts a on a.id = b.account_id where a.owner_id is not null`,
    ),
  ]);
  expect(clearing).toBe(fees + refundsPayable + Number(earnersHeld[0]?.total ?? 0));
}

describe('the ledger under random sequences of money moving', () => {
  it('keeps every entry balanced, no balance negative, and each earner holding what they sold less fees and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 18 }), async (steps) => {
        const balances = await Promise.all(earners.map((earner) => earnerBalances(t.database.db, earner.id)));
        const before = await Promise.all(earners.map((earner) => payoutsOf(t.database.db, earner.id)));
        const model: Model = {
          earners,
          balances,
          owed: balances.map((held) => held.pending + held.available + held.payout_in_flight + held.paid_out),
          shares: [],
          refundsOwed: [],
          payouts: [],
        };
        for (const next of steps) {
          await apply(model, next);
          await expectSound(model);
        }
        // Whatever was asked of the provider for a payout was asked once per reference.
        for (const [index, earner] of earners.entries()) {
          const known = new Set(before[index]?.map((payout) => payout.reference));
          const stored = (await payoutsOf(t.database.db, earner.id)).filter(
            (payout) => !known.has(payout.reference),
          );
          expect(stored.map((payout) => payout.reference).sort()).toEqual(
            model.payouts
              .filter((payout) => payout.earner === index)
              .map((payout) => payout.reference)
              .sort(),
          );
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
