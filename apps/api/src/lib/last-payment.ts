import { and, desc, eq, sql } from 'drizzle-orm';
import type { PaymentType } from '@sokoni/contracts/checkout';
import type { Db } from '../db/client.js';
import { payments } from '../db/schema/payments.js';

/**
 * The payer's latest payment for a subject (an event's tickets, a course) when it ended unpaid: it
 * failed (declined, a wrong PIN, no answer, the provider away) or was abandoned (its hold lapsed).
 * Undefined when the latest was paid or is under way, or there was none. A payment superseded by a
 * newer one is never the latest: the place the subject lives offers Pay again from this (#26).
 */
export async function findLastUnpaidPayment(
  db: Db,
  subject: { paymentType: PaymentType; subjectId: string; userId: string },
): Promise<{ quantity: number | null } | undefined> {
  const [latest] = await db
    .select({ status: payments.status, quantity: payments.quantity })
    .from(payments)
    .where(
      and(
        eq(payments.paymentType, subject.paymentType),
        eq(payments.subjectId, subject.subjectId),
        eq(payments.userId, subject.userId),
      ),
    )
    // A payment and the one that superseded it may share a moment: the superseded one is not the latest.
    .orderBy(desc(payments.createdAt), sql`${payments.failureReason} is not distinct from 'superseded'`)
    .limit(1);
  return latest && (latest.status === 'failed' || latest.status === 'abandoned')
    ? { quantity: latest.quantity }
    : undefined;
}
