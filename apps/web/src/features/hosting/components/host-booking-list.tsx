import { formatKES } from '@sokoni/contracts/money';
import { BOOKING_STATUS_LABELS, STAY_MESSAGES, formatStayDay } from '@sokoni/contracts/stays-rules';
import type { HostBooking } from '@sokoni/contracts/stays';
import type { BookingStatus } from '@sokoni/contracts/stays-rules';

const STATUS_CLASSES: Record<BookingStatus, string> = {
  confirmed: 'bg-emerald-100 text-emerald-900',
  held: 'bg-amber-100 text-amber-900',
  expired: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-slate-200 text-slate-800',
};

/** A listing's bookings to come, soonest first: dates, the guest's first name, nights, amount, status. */
export function HostBookingList({ bookings }: { bookings: HostBooking[] }) {
  if (!bookings.length) return <p className="text-sm text-slate-600">No upcoming bookings.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {bookings.map((booking) => (
        <li key={booking.id} data-testid="host-booking" className="space-y-1 px-3 py-2 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-slate-900">
              {formatStayDay(booking.startDate)} – {formatStayDay(booking.endDate)}
            </p>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_CLASSES[booking.status]}`}
            >
              {BOOKING_STATUS_LABELS[booking.status]}
            </span>
          </div>
          <p className="text-slate-700">
            {booking.guest.firstName} · {STAY_MESSAGES.nights(booking.nights)} ·{' '}
            <span className="font-semibold tabular-nums">{formatKES(booking.amount)}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
