import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { PaymentStatus, PaymentType } from '@sokoni/contracts/checkout';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { refunds } from '../../db/schema/ledger.js';
import { paymentEvents, paymentFulfilments, payments } from '../../db/schema/payments.js';
import { storableJson } from '../../lib/storable-json.js';

export type PaymentRecord = typeof payments.$inferSelect;

export async function insertPayment(
  db: Db,
  values: {
    reference: string;
    userId: string;
    paymentType: PaymentType;
    subjectId: string;
    amountCents: number;
    currency: string;
    email: string;
    provider: 'sandbox' | 'paystack';
    callbackUrl: string;
    holdExpiresAt: Date;
    openKey: string;
    network: string;
    method: 'mpesa' | 'card';
    phone: string | null;
    promptExpiresAt: Date | null;
    quantity: number | null;
    /** Business time: how long a start has been with the provider is read from it. */
    createdAt: Date;
  },
): Promise<PaymentRecord> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert into payments returned no row');
  return row;
}

export async function findPaymentByReference(db: Db, reference: string): Promise<PaymentRecord | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

/** The payment, locked until the transaction ends: settlements of one reference run one at a time. */
export async function lockPaymentByReference(db: Db, reference: string): Promise<PaymentRecord | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference)).for('update');
  return row;
}

/**
 * Marks the payment's hold as ended, once: true for the one caller that ends it, false when it had
 * ended already (sold, or given back). Run on the locked payment row.
 */
export async function endHold(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ holdEndedAt: at })
    .where(and(eq(payments.id, id), isNull(payments.holdEndedAt)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

const SUBJECT_LOCKS = 25_003;

/**
 * Makes payments started for one subject (its open key) one after the other until the transaction
 * ends: the first lock every start takes (docs/decisions/0015).
 */
export async function lockSubject(db: Db, openKey: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SUBJECT_LOCKS}, hashtext(${openKey}))`);
}

/** The subject's payment that holds (pending, its hold not ended), locked; the database allows one. */
export async function lockOpenPayment(db: Db, openKey: string): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.openKey, openKey), eq(payments.status, 'pending'), isNull(payments.holdEndedAt)))
    .for('update');
  return row;
}

/** Where the payer pays, once the provider has said: answered again to a second click. */
export async function setAuthorization(
  db: Db,
  id: string,
  values: { authorizationUrl: string; accessCode: string },
): Promise<void> {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** The provider has the M-Pesa charge (its prompt is on the payer's phone) as of `at`. */
export async function setChecked(db: Db, id: string, at: Date): Promise<void> {
  await db.update(payments).set({ checkedAt: at }).where(eq(payments.id, id));
}

/**
 * Claims the next check of a pending charge with the provider: true for the one caller that may ask
 * now, false while the last check is more recent than `notAfter` (Paystack asks for 10 s between).
 */
export async function claimCheck(db: Db, id: string, at: Date, notAfter: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ checkedAt: at })
    .where(
      and(
        eq(payments.id, id),
        sql`(${payments.checkedAt} is null or ${payments.checkedAt} <= ${notAfter.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The M-Pesa prompts a sandbox phone number has waiting, newest first. */
export async function findSandboxPrompts(db: Db, phone: string, at: Date): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, 'sandbox'),
        eq(payments.method, 'mpesa'),
        eq(payments.phone, phone),
        eq(payments.status, 'pending'),
        isNull(payments.holdEndedAt),
        sql`${payments.promptExpiresAt} > ${at.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(10);
}

/** References of pending payments whose hold ran out before `at`, oldest first. */
export async function findLapsedHolds(db: Db, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ reference: payments.reference })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), isNull(payments.holdEndedAt), lt(payments.holdExpiresAt, at)))
    .orderBy(payments.holdExpiresAt)
    .limit(limit);
  return rows.map((row) => row.reference);
}

export async function setPaymentStatus(
  db: Db,
  id: string,
  values: { status: PaymentStatus; failureReason: string | null; paidAt?: Date },
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/** What a provider sent is kept as it came, made storable (see storableJson). */
export async function recordPaymentEvent(
  db: Db,
  values: {
    paymentId: string;
    source: 'initialize' | 'verify' | 'webhook' | 'sandbox' | 'refund';
    outcome: string;
    payload?: unknown;
    /** Business time, for the events whose age decides something (refund attempts). */
    createdAt?: Date;
  },
): Promise<void> {
  await db.insert(paymentEvents).values({ ...values, payload: storableJson(values.payload) });
}

/** The latest sandbox decision for a reference ('success' | 'failed' | a failure), if the payer made one. */
export async function findSandboxOutcome(db: Db, paymentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ outcome: paymentEvents.outcome })
    .from(paymentEvents)
    .where(sql`${paymentEvents.paymentId} = ${paymentId} and ${paymentEvents.source} = 'sandbox'`)
    .orderBy(desc(paymentEvents.createdAt))
    .limit(1);
  return row?.outcome;
}

/** True for the one caller that fulfils this reference; false for everyone after it. */
export async function claimFulfilment(db: Db, reference: string): Promise<boolean> {
  const rows = await db
    .insert(paymentFulfilments)
    .values({ reference })
    .onConflictDoNothing()
    .returning({ reference: paymentFulfilments.reference });
  return rows.length > 0;
}

export async function countFulfilments(db: Db, reference: string): Promise<number> {
  const rows = await db.select().from(paymentFulfilments).where(eq(paymentFulfilments.reference, reference));
  return rows.length;
}

// ---- refunds ----------------------------------------------------------------------------------

/** A paid charge that bought nothing is to be given back: kept as success, marked for refund. */
export async function markForRefund(db: Db, id: string, failureReason: string): Promise<void> {
  await db
    .update(payments)
    .set({ failureReason, refundStatus: 'pending', updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/** When to ask the provider again about a refund not done yet, after our last request. */
export type RefundRetry = {
  /** A request the provider accepted but has not finished: its webhook normally ends it first. */
  acceptedBefore: Date;
  /** A request refused, unanswered, or cut short. */
  otherwiseBefore: Date;
};

/** The payment (outer query) awaits its refund and no request of ours for it is still recent. */
const refundDue = (retry: RefundRetry) => sql`${payments.refundStatus} = 'pending' and not exists (
  select 1 from ${paymentEvents}
  where ${paymentEvents.paymentId} = ${payments.id} and ${paymentEvents.source} = 'refund'
    and ${paymentEvents.createdAt} > case when ${paymentEvents.outcome} = 'pending'
      then ${retry.acceptedBefore.toISOString()}::timestamptz
      else ${retry.otherwiseBefore.toISOString()}::timestamptz end)`;

/** References of payments whose refund is due to be asked for, longest waiting first. */
export async function findRefundsDue(db: Db, retry: RefundRetry, limit: number): Promise<string[]> {
  const rows = await db
    .select({ reference: payments.reference })
    .from(payments)
    .where(refundDue(retry))
    .orderBy(payments.updatedAt)
    .limit(limit);
  return rows.map((row) => row.reference);
}

/**
 * The payment, if its refund is due to be asked for; its request is recorded in the same transaction,
 * so of workers that try at once one asks the provider and the others find the request made. The row
 * is locked first and due-ness read after, by a statement that sees what the lock waited for.
 */
export async function claimRefund(
  db: Db,
  reference: string,
  retry: RefundRetry,
  at: Date,
): Promise<PaymentRecord | undefined> {
  const payment = await lockPaymentByReference(db, reference);
  if (!payment) return undefined;
  const [due] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, payment.id), refundDue(retry)));
  if (!due) return undefined;
  await recordPaymentEvent(db, {
    paymentId: payment.id,
    source: 'refund',
    outcome: 'requested',
    createdAt: at,
  });
  return payment;
}

/** Marks the payment's refund done, once: false when it was not awaiting one. */
export async function markRefunded(db: Db, reference: string, at: Date): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .update(payments)
    .set({ refundStatus: 'refunded', refundedAt: at, updatedAt: sql`now()` })
    .where(and(eq(payments.reference, reference), eq(payments.refundStatus, 'pending')))
    .returning();
  return row;
}

/** The payer's name, for the greeting of what we write to them. */
export async function findPayerName(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name;
}

// ---- a part of a charge given back (a cancellation, #27) --------------------------------------

export type PartialRefundRecord = typeof refunds.$inferSelect;

/** The refund (outer query) is pending and no request of ours for it is still recent. */
const partialRefundDue = (retry: RefundRetry) => sql`${refunds.status} = 'pending' and (
  ${refunds.triedAt} is null
  or (${refunds.accepted} and ${refunds.triedAt} <= ${retry.acceptedBefore.toISOString()}::timestamptz)
  or (not ${refunds.accepted} and ${refunds.triedAt} <= ${retry.otherwiseBefore.toISOString()}::timestamptz))`;

/** Our references of the refunds due to be asked for, longest waiting first. */
export async function findPartialRefundsDue(db: Db, retry: RefundRetry, limit: number): Promise<string[]> {
  const rows = await db
    .select({ reference: refunds.reference })
    .from(refunds)
    .where(partialRefundDue(retry))
    .orderBy(refunds.createdAt)
    .limit(limit);
  return rows.map((row) => row.reference);
}

/**
 * The refund, with its charge's reference, if it is due to be asked for; its request is recorded
 * (`tried_at`) in the same transaction, so of workers that try at once one asks the provider.
 * `triedBefore`: an earlier request was made, whose answer may never have reached us.
 */
export async function claimPartialRefund(
  db: Db,
  reference: string,
  retry: RefundRetry,
  at: Date,
): Promise<{ refund: PartialRefundRecord; paymentReference: string; triedBefore: boolean } | undefined> {
  const [locked] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.reference, reference))
    .for('update');
  if (!locked) return undefined;
  const [due] = await db
    .select({ refund: refunds, paymentReference: payments.reference })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.id, locked.id), partialRefundDue(retry)));
  if (!due) return undefined;
  await db.update(refunds).set({ triedAt: at }).where(eq(refunds.id, locked.id));
  return { ...due, triedBefore: due.refund.triedAt !== null };
}

/** The provider took the request and works on it: its webhook (or a later check) ends it. */
export async function markPartialRefundAccepted(db: Db, reference: string): Promise<void> {
  await db.update(refunds).set({ accepted: true }).where(eq(refunds.reference, reference));
}

/** Marks the refund done, once: undefined when it was not pending. */
export async function markPartialRefunded(
  db: Db,
  reference: string,
  at: Date,
): Promise<PartialRefundRecord | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'refunded', refundedAt: at })
    .where(and(eq(refunds.reference, reference), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/**
 * Our pending refund of the charge for this amount, as a provider's event reports one done (it
 * names the charge and the amount, not our reference): one the provider accepted first, oldest first.
 */
export async function findPendingPartialRefund(
  db: Db,
  paymentReference: string,
  amountCents: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ reference: refunds.reference })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(payments.reference, paymentReference),
        eq(refunds.amountCents, amountCents),
        eq(refunds.status, 'pending'),
      ),
    )
    .orderBy(desc(refunds.accepted), refunds.createdAt)
    .limit(1);
  return row?.reference;
}
