import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import type { PayoutStatus } from '@sokoni/contracts/earnings';
import type { Db } from '../../db/client.js';
import { payoutMethods, payouts, refunds } from '../../db/schema/ledger.js';
import { payments } from '../../db/schema/payments.js';
import type { TransferRecipient } from '../payments/payments.service.js';

export type PayoutMethodRecord = typeof payoutMethods.$inferSelect;
export type PayoutRecord = typeof payouts.$inferSelect;

export async function findPayoutMethod(db: Db, userId: string): Promise<PayoutMethodRecord | undefined> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
  return row;
}

/** Saves an earner's one payout method; the provider's recipient made for the old details is forgotten. */
export async function savePayoutMethod(
  db: Db,
  userId: string,
  details: TransferRecipient,
  at: Date,
): Promise<PayoutMethodRecord> {
  const values = {
    kind: details.kind,
    name: details.name,
    phone: details.kind === 'mpesa' ? details.phone : null,
    bankCode: details.kind === 'bank' ? details.bankCode : null,
    accountNumber: details.kind === 'bank' ? details.accountNumber : null,
    recipientCode: null,
    updatedAt: at,
  };
  const [row] = await db
    .insert(payoutMethods)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: payoutMethods.userId, set: values })
    .returning();
  if (!row) throw new Error('upsert into payout_methods returned no row');
  return row;
}

/** Remembers the provider's recipient for these details, unless they changed since they were read. */
export async function setRecipientCode(
  db: Db,
  method: Pick<PayoutMethodRecord, 'userId' | 'updatedAt'>,
  recipientCode: string,
): Promise<void> {
  await db
    .update(payoutMethods)
    .set({ recipientCode })
    .where(and(eq(payoutMethods.userId, method.userId), eq(payoutMethods.updatedAt, method.updatedAt)));
}

/** The earners who can be paid, a page at a time in id order. */
export async function findEarnersWithMethod(
  db: Db,
  afterUserId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ userId: payoutMethods.userId })
    .from(payoutMethods)
    .where(afterUserId ? gt(payoutMethods.userId, afterUserId) : undefined)
    .orderBy(asc(payoutMethods.userId))
    .limit(limit);
  return rows.map((row) => row.userId);
}

/** A new payout; undefined when one of this reference exists already (the week's payout, made before). */
export async function insertPayout(
  db: Db,
  values: {
    reference: string;
    earnerId: string;
    amountCents: number;
    methodLabel: string;
    requestedAt: Date;
  },
): Promise<PayoutRecord | undefined> {
  const [row] = await db
    .insert(payouts)
    .values(values)
    .onConflictDoNothing({ target: payouts.reference })
    .returning();
  return row;
}

export async function findPayoutByReference(db: Db, reference: string): Promise<PayoutRecord | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference));
  return row;
}

/** The payout, locked until the transaction ends: what the provider says of it is applied one at a time. */
export async function lockPayout(db: Db, reference: string): Promise<PayoutRecord | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference)).for('update');
  return row;
}

const sendDue = (sentBefore: Date) =>
  and(eq(payouts.status, 'in_flight'), or(isNull(payouts.sentAt), lt(payouts.sentAt, sentBefore)));

/**
 * Claims a payout's sending: true for the one caller that moves its `sent_at` on, while it is in
 * flight and was never sent, or was sent before `sentBefore` without a conclusive answer since.
 */
export async function claimSend(
  db: Db,
  reference: string,
  at: Date,
  sentBefore: Date,
): Promise<PayoutRecord | undefined> {
  const [row] = await db
    .update(payouts)
    .set({ sentAt: at })
    .where(and(eq(payouts.reference, reference), sendDue(sentBefore)))
    .returning();
  return row;
}

/** Payouts in flight that are due to be sent (again), the longest waiting first. */
export async function findSendsDue(db: Db, sentBefore: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ reference: payouts.reference })
    .from(payouts)
    .where(sendDue(sentBefore))
    .orderBy(sql`${payouts.sentAt} asc nulls first`, asc(payouts.requestedAt))
    .limit(limit);
  return rows.map((row) => row.reference);
}

export async function setTransferCode(db: Db, id: string, transferCode: string): Promise<void> {
  await db
    .update(payouts)
    .set({ transferCode })
    .where(and(eq(payouts.id, id), isNull(payouts.transferCode)));
}

export async function settlePayout(
  db: Db,
  id: string,
  outcome: { status: Exclude<PayoutStatus, 'in_flight'>; settledAt: Date; failureReason: string | null },
): Promise<void> {
  await db.update(payouts).set(outcome).where(eq(payouts.id, id));
}

export async function findRecentPayouts(db: Db, earnerId: string, limit: number): Promise<PayoutRecord[]> {
  return db
    .select()
    .from(payouts)
    .where(eq(payouts.earnerId, earnerId))
    .orderBy(desc(payouts.requestedAt), desc(payouts.id))
    .limit(limit);
}

type CountAndCents = { count: number; cents: number };

const countAndCents = (amount: AnyColumn) => ({
  count: sql<number>`count(*)::int`,
  cents: sql<number>`coalesce(sum(${amount}), 0)::bigint`.mapWith(Number),
});

/** Payouts by where they stand: how many, and how much. */
export async function payoutTotals(db: Db, statuses: PayoutStatus[]): Promise<CountAndCents> {
  const [row] = await db
    .select(countAndCents(payouts.amountCents))
    .from(payouts)
    .where(inArray(payouts.status, statuses));
  return row ?? { count: 0, cents: 0 };
}

/** Refunds the provider has not yet done: parts of charges, and charges given back whole. */
export async function pendingRefundTotals(db: Db): Promise<CountAndCents> {
  const [parts] = await db
    .select(countAndCents(refunds.amountCents))
    .from(refunds)
    .where(eq(refunds.status, 'pending'));
  const [whole] = await db
    .select(countAndCents(payments.amountCents))
    .from(payments)
    .where(eq(payments.refundStatus, 'pending'));
  return {
    count: (parts?.count ?? 0) + (whole?.count ?? 0),
    cents: (parts?.cents ?? 0) + (whole?.cents ?? 0),
  };
}
