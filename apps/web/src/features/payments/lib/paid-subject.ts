import { formatOrderNumber, type PaymentType } from '@sokoni/contracts/checkout';
import { formatKES } from '@sokoni/contracts/money';
import type { PaymentVerification } from '@sokoni/contracts/payments';

/**
 * What a paid payment was for, in a line, and where the payer goes next: `label` for its link, `name`
 * for the countdown ('Taking you to {name} in 5 seconds...').
 */
export type PaidSubject = { summary: string; next: { to: string; label: string; name: string } };

type Paid = Pick<PaymentVerification, 'paymentType' | 'subjectId' | 'amount'> &
  Partial<Pick<PaymentVerification, 'quantity'>>;

const DATE = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A `YYYY-MM-DD` from the callback address as '1 Apr 2026'; anything else as it came. */
function day(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) ? DATE.format(time) : null;
}

const SUBJECTS: Record<PaymentType, (paid: Paid, details: URLSearchParams) => PaidSubject> = {
  order: (paid) => ({
    summary: `${formatOrderNumber(paid.subjectId)} · ${formatKES(paid.amount)}`,
    next: {
      to: `/orders/${encodeURIComponent(paid.subjectId)}`,
      label: 'View your order',
      name: 'your order',
    },
  }),
  booking: (paid, details) => {
    const start = day(details.get('start'));
    const end = day(details.get('end'));
    return {
      summary: `${start && end ? `Your stay, ${start} to ${end}` : 'Your stay'} · ${formatKES(paid.amount)}`,
      // A trip has no page of its own: My Trips shows it.
      next: { to: '/trips', label: 'View My Trips', name: 'My Trips' },
    };
  },
  event: (paid, details) => {
    const quantity = paid.quantity ?? Number(details.get('quantity'));
    const tickets = Number.isInteger(quantity) && quantity > 0 ? quantity : null;
    return {
      summary: `${tickets === null ? 'Your tickets' : `${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}`} · ${formatKES(paid.amount)}`,
      next: { to: '/tickets/mine', label: 'View My Tickets', name: 'My Tickets' },
    };
  },
  course: (paid) => ({
    summary: `Your course · ${formatKES(paid.amount)}`,
    next: {
      to: `/courses/${encodeURIComponent(paid.subjectId)}/classroom`,
      label: 'Go to the classroom',
      name: 'the classroom',
    },
  }),
};

/**
 * The payment page's words for what was paid: an order by its number, a stay with its dates, a
 * number of tickets, a course. The amount, type and ticket count are the server's; the dates (and the
 * ticket count, from a server that does not say it) are the ones the callback address carries (spec §2).
 */
export function paidSubject(paid: Paid, details: URLSearchParams): PaidSubject {
  return SUBJECTS[paid.paymentType](paid, details);
}
