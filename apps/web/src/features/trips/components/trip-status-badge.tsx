import { BOOKING_STATUS_LABELS } from '@sokoni/contracts/stays-rules';
import type { BookingStatus } from '@sokoni/contracts/stays-rules';

const STATUS_CLASSES: Record<BookingStatus, string> = {
  confirmed: 'bg-emerald-100 text-emerald-900',
  held: 'bg-amber-100 text-amber-900',
  expired: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** A booking's status: confirmed green, awaiting payment amber, expired and cancelled grey. */
export function TripStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_CLASSES[status]}`}
    >
      {BOOKING_STATUS_LABELS[status]}
    </span>
  );
}
