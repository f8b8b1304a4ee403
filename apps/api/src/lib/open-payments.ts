import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentType } from '@sokoni/contracts/checkout';
import type { Db } from '../db/client.js';
import { payments } from '../db/schema/payments.js';

/**
 * The key naming one payer's thing being paid for (an order, a booking, one buyer's seats of an
 * event): at most one payment with it holds at a time (payments_one_open_per_subject).
 */
export const openKeyOf = (paymentType: PaymentType, subjectKey: string): string =>
  `${paymentType}:${subjectKey}`;

/**
 * Ends the subject's open payment because a newer start replaces it: abandoned as superseded, its
 * hold ended, once. One statement, so it waits for a settlement holding the payment's row and then
 * finds it settled. Answers whether a payment was open; whoever ends it gives its hold back (the
 * payment engine through the vertical's release; a vertical replacing its own hold, itself).
 */
export async function supersedeOpenPayment(db: Db, openKey: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'abandoned', failureReason: 'superseded', holdEndedAt: at, updatedAt: sql`now()` })
    .where(and(eq(payments.openKey, openKey), eq(payments.status, 'pending'), isNull(payments.holdEndedAt)))
    .returning({ id: payments.id });
  return rows.length > 0;
}
