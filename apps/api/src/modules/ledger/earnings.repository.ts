import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Vertical } from '@sokoni/contracts/earnings';
import type { Db } from '../../db/client.js';
import { earnings, refunds } from '../../db/schema/ledger.js';
import { payments } from '../../db/schema/payments.js';

export type EarningRecord = typeof earnings.$inferSelect;

export async function insertEarnings(
  tx: Db,
  rows: {
    paymentId: string;
    earnerId: string;
    vertical: Vertical;
    part: string;
    grossCents: number;
    feeCents: number;
    releaseAt: Date | null;
    createdAt: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(earnings).values(rows).onConflictDoNothing();
}

/** The earnings of these parts (e.g. 'order:<id>:<seller>'), locked, oldest first. */
export async function lockEarningsOfParts(tx: Db, parts: string[]): Promise<EarningRecord[]> {
  if (parts.length === 0) return [];
  return tx
    .select()
    .from(earnings)
    .where(inArray(earnings.part, parts))
    .orderBy(asc(earnings.id))
    .for('update');
}

/** The earnings of `part` that these payments (by reference) made, locked, oldest first. */
export async function lockEarningsOfPayments(
  tx: Db,
  part: string,
  paymentReferences: string[],
): Promise<Array<EarningRecord & { paymentReference: string }>> {
  if (paymentReferences.length === 0) return [];
  const rows = await tx
    .select({ earning: earnings, paymentReference: payments.reference })
    .from(earnings)
    .innerJoin(payments, eq(payments.id, earnings.paymentId))
    .where(and(eq(earnings.part, part), inArray(payments.reference, paymentReferences)))
    .orderBy(asc(earnings.id))
    .for('update', { of: earnings });
  return rows.map((row) => ({ ...row.earning, paymentReference: row.paymentReference }));
}

export async function lockEarning(tx: Db, id: string): Promise<EarningRecord | undefined> {
  const [row] = await tx.select().from(earnings).where(eq(earnings.id, id)).for('update');
  return row;
}

/** Starts (or moves) the clock of pending earnings of these parts. */
export async function setReleaseAt(tx: Db, parts: string[], at: Date): Promise<void> {
  if (parts.length === 0) return;
  await tx
    .update(earnings)
    .set({ releaseAt: at })
    .where(and(inArray(earnings.part, parts), eq(earnings.status, 'pending')));
}

export async function markAvailable(tx: Db, id: string, at: Date): Promise<void> {
  await tx.update(earnings).set({ status: 'available', releasedAt: at }).where(eq(earnings.id, id));
}

export async function addRefunded(tx: Db, id: string, grossCents: number, feeCents: number): Promise<void> {
  await tx
    .update(earnings)
    .set({
      refundedCents: sql`${earnings.refundedCents} + ${grossCents}`,
      refundedFeeCents: sql`${earnings.refundedFeeCents} + ${feeCents}`,
    })
    .where(eq(earnings.id, id));
}

/** Pending earnings whose time has come, oldest first. */
export async function findDue(db: Db, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: earnings.id })
    .from(earnings)
    .where(and(eq(earnings.status, 'pending'), isNotNull(earnings.releaseAt), lte(earnings.releaseAt, at)))
    .orderBy(asc(earnings.releaseAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function insertRefund(
  tx: Db,
  values: { reference: string; paymentId: string; amountCents: number; reason: string; createdAt: Date },
): Promise<void> {
  await tx.insert(refunds).values(values);
}
