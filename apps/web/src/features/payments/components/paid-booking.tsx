import type { ReactNode } from 'react';
import { formatKES } from '@sokoni/contracts/money';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import {
  BOOKING_STATUS_LABELS,
  REFUND_STATUSES,
  STAY_MESSAGES,
  formatStayDay,
} from '@sokoni/contracts/stays-rules';
import { useBooking } from '../api/get-booking';

type RefundStatus = (typeof REFUND_STATUSES)[number];

const isRefundStatus = (value: unknown): value is RefundStatus =>
  (REFUND_STATUSES as readonly unknown[]).includes(value);

/** The refund the payment carries, if the server says one: the charge came after the nights were gone. */
function refundOf(payment: PaymentVerification): RefundStatus | null {
  return 'refund' in payment && isRefundStatus(payment.refund) ? payment.refund : null;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * A paid stay: the confirmed booking (the stay, its dates, nights, amount and status), or, when the
 * payment came after its nights were taken, that the money is being (or has been) given back.
 */
export function PaidBooking({ payment }: { payment: PaymentVerification }) {
  const booking = useBooking(payment.subjectId);
  const refund = refundOf(payment);

  if (refund) {
    const amount = formatKES(payment.amount);
    return (
      <p
        role="alert"
        className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        data-testid="booking-refund"
      >
        {refund === 'refunded' ? STAY_MESSAGES.refunded(amount) : STAY_MESSAGES.refundNotice(amount)}
      </p>
    );
  }
  // Until it loads (or if it cannot), the summary line above says what was paid.
  if (!booking.data) return null;

  const trip = booking.data;
  return (
    <div
      className="mt-5 w-full rounded-xl border border-slate-200 px-4 py-2 text-left"
      data-testid="paid-booking"
    >
      <p className="py-2 text-lg font-semibold text-slate-900">{trip.stay.title}</p>
      <dl className="divide-y divide-slate-100">
        <Row term="Check-in">{formatStayDay(trip.startDate)}</Row>
        <Row term="Check-out">{formatStayDay(trip.endDate)}</Row>
        <Row term="Nights">{trip.nights}</Row>
        <Row term="Amount">{formatKES(trip.amount)}</Row>
        <Row term="Status">{BOOKING_STATUS_LABELS[trip.status]}</Row>
      </dl>
    </div>
  );
}
