import type { PaymentVerification } from '@sokoni/contracts/payments';
import type { PaySubject } from '@/components/pay-step';

/** What the payment page was given besides the payment itself (spec §2's stay and event details). */
const PAYMENT_PARAMS = ['reference', 'trxref', 'method'];

/**
 * What an unpaid payment was for, to pay for it again: the order, the stay's booking, the course, or
 * as many tickets (the server's count, else the callback address's). Null when it cannot be told.
 */
export function payAgainSubject(
  payment: Pick<PaymentVerification, 'paymentType' | 'subjectId' | 'quantity'>,
  details: URLSearchParams,
): PaySubject | null {
  const { subjectId } = payment;
  switch (payment.paymentType) {
    case 'order':
      return { paymentType: 'order', orderId: subjectId };
    case 'booking':
      return { paymentType: 'booking', bookingId: subjectId };
    case 'course':
      return { paymentType: 'course', courseId: subjectId };
    case 'event': {
      const quantity = payment.quantity ?? Number(details.get('quantity'));
      return Number.isInteger(quantity) && quantity > 0
        ? { paymentType: 'event', eventId: subjectId, quantity }
        : null;
    }
  }
}

/** The details the payment page came with, for the page a new payment comes back to. */
export function payAgainDetails(details: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...details].filter(([name]) => !PAYMENT_PARAMS.includes(name)));
}
