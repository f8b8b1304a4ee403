import type { PaymentType } from '@sokoni/contracts/checkout';
import type { InitializePaymentInput } from '@sokoni/contracts/payments';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../lib/tokens.js';

/** What a vertical tells the payment engine about the thing being paid for. */
export type PaymentSubject = { subjectId: string; amountCents: number; description: string };

/**
 * Each vertical (orders, stay bookings, event tickets) plugs into the one payment engine with a
 * handler: `prepare` checks the caller may pay and prices the subject from the database;
 * `fulfil` runs inside the settling transaction, at most once per reference.
 */
export type PaymentHandler = {
  prepare(caller: AuthUser, input: InitializePaymentInput): Promise<PaymentSubject>;
  describe(subjectId: string): Promise<string>;
  /** False when the subject was already fulfilled by another payment (a second charge to refund). */
  fulfil(tx: Db, subjectId: string): Promise<boolean>;
};

export type PaymentHandlers = Partial<Record<PaymentType, PaymentHandler>>;
