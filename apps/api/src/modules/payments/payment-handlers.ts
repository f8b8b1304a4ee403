import type { PaymentType } from '@sokoni/contracts/checkout';
import type { InitializePaymentData } from '@sokoni/contracts/payments';
import type { Vertical } from '@sokoni/contracts/earnings';
import type { Db } from '../../db/client.js';
import type { Share } from '../ledger/ledger.service.js';
import type { Standing } from '../../lib/standing.js';
import type { AuthUser } from '../../lib/tokens.js';

/** What a vertical tells the payment engine about the thing being paid for. */
export type PaymentSubject = { subjectId: string; amountCents: number; description: string };

/**
 * The payment a hold belongs to, until when it lasts, and who is paying (for the bounds on what one
 * account, or one network's new accounts, may hold: lib/hold-bounds.ts; the engine has already
 * taken their locks).
 */
export type PaymentHold = { reference: string; until: Date; standing: Standing };

/** Why a payment's hold is given back. */
export type ReleaseReason =
  'failed' | 'abandoned' | 'expired' | 'superseded' | 'provider_error' | 'unfulfillable';

/**
 * What became of a paid subject: fulfilled, or a charge to refund: 'already_fulfilled' when another
 * payment fulfilled it (this one paid twice), 'unavailable' when it is no longer to be had.
 */
export type FulfilOutcome = 'fulfilled' | 'already_fulfilled' | 'unavailable';

/** Who sold what a receipt is for, and how the payer reaches them. */
export type ReceiptSeller = {
  role: 'Seller' | 'Host' | 'Organizer' | 'Instructor';
  name: string;
  email: string;
  phone: string | null;
};

/** What a receipt says of the thing bought (#26), read in the settling transaction. */
export type ReceiptDetails = {
  /** What was bought, a line each, with its amount in shillings: '2 × Bao board', 5000. */
  items: { description: string; amount: number }[];
  sellers: ReceiptSeller[];
  /** An order's delivery or pickup, a line each (address, phone); null for anything else. */
  delivery: string[] | null;
  /** Where on the site the payer finds what they bought: '/orders/…', '/tickets', '/trips/…'. */
  path: string;
};

/**
 * Each vertical (orders, stay bookings, event tickets, courses) plugs into the one payment engine
 * with a handler. Every call that takes `tx` runs inside the engine's transaction:
 * - `subjectKey` names the one payer's thing being paid for (an order; one buyer's seats of an
 *   event): at most one payment of it holds at a time, which the database enforces. Starting again
 *   with the same terms answers that payment; with other terms, it ends it and gives its hold back.
 * - `prepare` checks the caller may pay, prices the subject from the database and takes its hold
 *   (units, nights, seats), in the transaction that inserts the payment: both or neither. The engine
 *   refuses an amount that is not the price `prepare` answers.
 * - `fulfil` runs once per reference, in the settling transaction, when the charge succeeded.
 * - `receipt` says what was bought and from whom, for the receipt the engine sends once fulfilled.
 * - `shares` says who earned it: the engine writes the sale to the ledger, less the vertical's fee.
 * - `release` gives the hold back; the engine calls it exactly once per payment that fails, is
 *   abandoned, lapses or is superseded (never for one that was fulfilled).
 * A charge that succeeded but fulfilled nothing is refunded by the engine, and its payer told so.
 */
export type PaymentHandler<T extends PaymentType = PaymentType> = {
  /** Whose fee applies to its sales (#27). */
  vertical: Vertical;
  subjectKey(caller: AuthUser, input: Extract<InitializePaymentData, { paymentType: T }>): string;
  prepare(
    tx: Db,
    caller: AuthUser,
    input: Extract<InitializePaymentData, { paymentType: T }>,
    hold: PaymentHold,
  ): Promise<PaymentSubject>;
  describe(subjectId: string): Promise<string>;
  /** `userId` paid `amountCents` (what `prepare` priced) for the subject. */
  fulfil(
    tx: Db,
    payment: { subjectId: string; reference: string; userId: string; amountCents: number },
  ): Promise<FulfilOutcome>;
  release(tx: Db, payment: { subjectId: string; reference: string }, reason: ReleaseReason): Promise<void>;
  /** What the receipt of a fulfilled payment says was bought, and from whom. */
  receipt(
    tx: Db,
    payment: { subjectId: string; reference: string; userId: string; amountCents: number },
  ): Promise<ReceiptDetails>;
  /**
   * Who earned a fulfilled payment, and when each share becomes theirs to be paid (#27): read in the
   * settling transaction, after `fulfil`; the shares' gross amounts sum to the payment's.
   */
  shares(
    tx: Db,
    payment: { subjectId: string; reference: string; userId: string; amountCents: number },
  ): Promise<Share[]>;
  /** What the payer of a charge to refund is told, in the vertical's words (a generic text otherwise). */
  refundNotice?(amount: string): string;
};

export type PaymentHandlers = { [T in PaymentType]?: PaymentHandler<T> };
