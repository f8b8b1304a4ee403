import { randomBytes } from 'node:crypto';
import { feeCents, type EarnerAccount, type EntryKind, type Vertical } from '@sokoni/contracts/earnings';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellations';
import type { Db } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import type { JobQueue } from '../../lib/job-queue.js';
import { REFUNDS_QUEUE } from '../payments/payments.service.js';
import * as earningsRepo from './earnings.repository.js';
import {
  audit,
  earnerBalances,
  LedgerOverdrawn,
  post,
  statement,
  totalsByKind,
  type LineSpec,
} from './ledger.repository.js';

/** Refused entries (a payout of more than is available) throw this: nothing of them was written. */
export { LedgerOverdrawn };

/** One earner's share of a payment, as the vertical that sold it tells it. */
export type Share = {
  earnerId: string;
  /** What is earned within the payment, released and refunded together: 'order:<id>:<seller id>'. */
  part: string;
  grossCents: number;
  /** When it becomes available; null until its condition starts the clock (an order shipped). */
  releaseAt: Date | null;
};

export type PaidPayment = { id: string; reference: string; amountCents: number };

/** The entries of a payout's life (#27): asked for, then paid, failed or reversed. */
export type PayoutEntryKind = Extract<
  EntryKind,
  'payout' | 'payout_paid' | 'payout_failed' | 'payout_reversed'
>;
export type PayoutMove = {
  id: string;
  reference: string;
  earnerId: string;
  amountCents: number;
  description: string;
};

export const RELEASES_QUEUE = 'ledger-releases';
const RELEASE_BATCH = 200;

/** Our reference for a refund at the provider: 'rf_' and 24 hex digits. */
export const newRefundReference = () => `rf_${randomBytes(12).toString('hex')}`;

export type Ledger = ReturnType<typeof createLedger>;

/**
 * Every movement of money, as journal entries (docs/decisions/0017), each in the transaction that
 * causes it: a sale (less Sokoni's fee) held pending for its earners, a release to available, a
 * refund taken back from an earner, a charge refunded whole.
 */
export function createLedger(deps: {
  db: Db;
  feePercent: Record<Vertical, number>;
  jobs: JobQueue;
  clock?: Clock;
}) {
  const { db } = deps;
  const { now } = deps.clock ?? systemClock;

  /**
   * A fulfilled payment: the provider holds its amount for us; each earner's share less Sokoni's fee
   * (rounded half up, per share) is pending for them, the fees are Sokoni's. Once per payment.
   */
  async function recordSale(
    tx: Db,
    payment: PaidPayment,
    vertical: Vertical,
    shares: Share[],
    description: string,
  ): Promise<void> {
    const gross = shares.reduce((sum, share) => sum + share.grossCents, 0);
    if (gross !== payment.amountCents) {
      throw new Error(
        `payment ${payment.reference}: shares of ${gross} for a charge of ${payment.amountCents}`,
      );
    }
    const at = new Date(now());
    const priced = shares.map((share) => ({
      ...share,
      feeCents: feeCents(share.grossCents, deps.feePercent[vertical]),
    }));
    const fees = priced.reduce((sum, share) => sum + share.feeCents, 0);
    const lines: LineSpec[] = [
      { account: { kind: 'provider_clearing' }, amountCents: payment.amountCents },
      ...priced
        .filter((share) => share.grossCents > share.feeCents)
        .map((share) => ({
          account: { kind: 'pending' as const, ownerId: share.earnerId },
          amountCents: -(share.grossCents - share.feeCents),
        })),
      ...(fees > 0 ? [{ account: { kind: 'platform_fees' as const }, amountCents: -fees }] : []),
    ];
    const written = await post(
      tx,
      { kind: 'sale', key: `sale:${payment.reference}`, occurredAt: at, paymentId: payment.id, description },
      lines,
    );
    if (!written) return;
    await earningsRepo.insertEarnings(
      tx,
      priced.map((share) => ({
        paymentId: payment.id,
        earnerId: share.earnerId,
        vertical,
        part: share.part,
        grossCents: share.grossCents,
        feeCents: share.feeCents,
        releaseAt: share.releaseAt,
        createdAt: at,
      })),
    );
  }

  /** A charge that fulfilled nothing: held for the payer until the provider gives it back. */
  async function recordUnfulfilled(tx: Db, payment: PaidPayment, description: string): Promise<void> {
    await post(
      tx,
      {
        kind: 'unfulfilled',
        key: `unfulfilled:${payment.reference}`,
        occurredAt: new Date(now()),
        paymentId: payment.id,
        description,
      },
      [
        { account: { kind: 'provider_clearing' }, amountCents: payment.amountCents },
        { account: { kind: 'refunds_payable' }, amountCents: -payment.amountCents },
      ],
    );
  }

  /** The provider gave money back to a payer (`key`: the refund's or the whole charge's reference). */
  async function recordRefundPaid(
    tx: Db,
    refund: { key: string; paymentId: string; amountCents: number; description: string },
  ): Promise<void> {
    await post(
      tx,
      {
        kind: 'refund_paid',
        key: `refund_paid:${refund.key}`,
        occurredAt: new Date(now()),
        paymentId: refund.paymentId,
        description: refund.description,
      },
      [
        { account: { kind: 'refunds_payable' }, amountCents: refund.amountCents },
        { account: { kind: 'provider_clearing' }, amountCents: -refund.amountCents },
      ],
    );
  }

  /** Makes one pending earning available to its earner, once. */
  async function release(tx: Db, earningId: string, description: string): Promise<boolean> {
    const earning = await earningsRepo.lockEarning(tx, earningId);
    if (!earning || earning.status !== 'pending') return false;
    const net = earning.grossCents - earning.refundedCents - (earning.feeCents - earning.refundedFeeCents);
    const at = new Date(now());
    if (net > 0) {
      await post(
        tx,
        {
          kind: 'release',
          key: `release:${earning.id}`,
          occurredAt: at,
          paymentId: earning.paymentId,
          description,
        },
        [
          { account: { kind: 'pending', ownerId: earning.earnerId }, amountCents: net },
          { account: { kind: 'available', ownerId: earning.earnerId }, amountCents: -net },
        ],
      );
    }
    await earningsRepo.markAvailable(tx, earning.id, at);
    return true;
  }

  /**
   * Gives `grossCents` of an earning back to its payer: the earner's part leaves their pending (or
   * available) balance, Sokoni's fee in the same share leaves the fees, and the whole is owed to the
   * payer until the provider's refund is done (the refunds job asks for it under `reference`).
   * Refused, with nothing written, when the earner no longer holds their part (paid out).
   */
  async function refund(
    tx: Db,
    earning: earningsRepo.EarningRecord,
    refundCents: number,
    details: { reason: string; description: string },
  ): Promise<{ reference: string; amountCents: number } | null> {
    const left = earning.grossCents - earning.refundedCents;
    const amount = Math.min(refundCents, left);
    if (amount <= 0) return null;
    const refundedAfter = earning.refundedCents + amount;
    // Sokoni's fee on what has been refunded in all, rounded half up: a whole refund gives it all back.
    const gross = BigInt(earning.grossCents);
    const feeAfter = Number((BigInt(earning.feeCents) * BigInt(refundedAfter) * 2n + gross) / (2n * gross));
    const feeBack = Math.min(earning.feeCents, feeAfter) - earning.refundedFeeCents;
    const netBack = amount - feeBack;
    const reference = newRefundReference();
    const lines: LineSpec[] = [
      ...(netBack > 0
        ? [{ account: { kind: earning.status, ownerId: earning.earnerId }, amountCents: netBack }]
        : []),
      ...(feeBack > 0 ? [{ account: { kind: 'platform_fees' as const }, amountCents: feeBack }] : []),
      { account: { kind: 'refunds_payable' }, amountCents: -amount },
    ];
    try {
      await post(
        tx,
        {
          kind: 'refund',
          key: `refund:${reference}`,
          occurredAt: new Date(now()),
          paymentId: earning.paymentId,
          description: details.description,
        },
        lines,
      );
    } catch (error) {
      if (error instanceof LedgerOverdrawn)
        throw conflict(CANCEL_MESSAGES.earningsSpent, 'EARNINGS_PAID_OUT');
      throw error;
    }
    await earningsRepo.addRefunded(tx, earning.id, amount, feeBack);
    await earningsRepo.insertRefund(tx, {
      reference,
      paymentId: earning.paymentId,
      amountCents: amount,
      reason: details.reason,
      createdAt: new Date(now()),
    });
    // Asked of the provider once this commits: the refunds job works off every pending refund.
    await deps.jobs.send(REFUNDS_QUEUE, {}, { db: tx });
    return { reference, amountCents: amount };
  }

  /**
   * Moves a payout's amount between its earner's balances, once per kind and payout
   * (`<kind>:<reference>`): asked for (available → in flight), paid (in flight → paid out), failed or
   * reversed (back to available). Throws LedgerOverdrawn, with nothing written, when `from` holds
   * less than the amount: two payouts of one balance cannot both be asked for.
   */
  async function movePayout(
    tx: Db,
    kind: PayoutEntryKind,
    payout: PayoutMove,
    from: EarnerAccount,
    to: EarnerAccount,
  ): Promise<boolean> {
    return post(
      tx,
      {
        kind,
        key: `${kind}:${payout.reference}`,
        occurredAt: new Date(now()),
        payoutId: payout.id,
        description: payout.description,
      },
      [
        { account: { kind: from, ownerId: payout.earnerId }, amountCents: payout.amountCents },
        { account: { kind: to, ownerId: payout.earnerId }, amountCents: -payout.amountCents },
      ],
    );
  }

  /** Releases every pending earning whose time has come: idempotent, on the app's clock. */
  async function releaseDue(): Promise<number> {
    let released = 0;
    for (const id of await earningsRepo.findDue(db, new Date(now()), RELEASE_BATCH)) {
      if (await db.transaction((tx) => release(tx, id, 'Earnings available'))) released += 1;
    }
    return released;
  }

  deps.jobs.define(
    RELEASES_QUEUE,
    { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300 },
    async () => {
      await releaseDue();
    },
  );
  deps.jobs.schedule(RELEASES_QUEUE, '*/10 * * * *');

  return {
    recordSale,
    recordUnfulfilled,
    recordRefundPaid,
    release,
    refund,
    releaseDue,
    movePayout,
    /** What the ledger holds: an earner's balances and statement, every balance by kind, its own check. */
    earnerBalances,
    statement,
    totalsByKind,
    audit,
    /** Starts the release clock of these parts' pending earnings (an order shipped: 7 days). */
    setReleaseAt: earningsRepo.setReleaseAt,
    lockEarningsOfParts: earningsRepo.lockEarningsOfParts,
    lockEarningsOfPayments: earningsRepo.lockEarningsOfPayments,
  };
}
