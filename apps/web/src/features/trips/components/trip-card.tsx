import { useState } from 'react';
import { Link } from 'react-router';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellation-rules';
import { formatKES, formatKESExact } from '@sokoni/contracts/money';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import { STAY_MESSAGES, formatStayDay } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';
import { Button } from '@/components/button';
import { HomeIcon, MailIcon } from '@/components/icons';
import { TRIP_MESSAGES } from '../lib/trip-messages';
import { isCancelledStay } from '../lib/trip-sections';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { CancelStayDialog } from './cancel-stay-dialog';
import { TripPayAgain } from './trip-pay-again';
import { TripStatusBadge } from './trip-status-badge';

function StayPhoto({ src }: { src: string | null }) {
  const frame = 'aspect-[4/3] w-full shrink-0 rounded-xl bg-slate-100 sm:w-48';
  if (!src) {
    return (
      <span
        aria-hidden="true"
        className={`flex items-center justify-center text-4xl text-slate-400 ${frame}`}
      >
        <HomeIcon />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={320}
      height={240}
      loading="lazy"
      decoding="async"
      className={`object-cover ${frame}`}
    />
  );
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The refund of a stay the guest cancelled (#27), or of a payment that came after its nights were
 * taken, in the guest's own words.
 */
function refundText(trip: Trip): string | null {
  if (isCancelledStay(trip)) {
    return trip.refundAmount
      ? CANCEL_MESSAGES.bookingCancelled(formatKESExact(trip.refundAmount))
      : CANCEL_MESSAGES.bookingCancelledNoRefund;
  }
  if (trip.refund === 'pending') return STAY_MESSAGES.refundNotice(formatKES(trip.amount));
  if (trip.refund === 'refunded') return STAY_MESSAGES.refunded(formatKES(trip.amount));
  return null;
}

/** The host's name and e-mail: a guest gets them once the booking is paid for. */
function HostContact({ host }: { host: Trip['host'] }) {
  return (
    <div className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-slate-800">
      <p>
        Your host: <span className="font-semibold">{host.name}</span>
      </p>
      {host.email ? (
        <a
          href={`mailto:${host.email}`}
          className="inline-flex min-h-11 items-center gap-2 rounded font-semibold break-all text-emerald-800 underline"
        >
          <MailIcon className="shrink-0" />
          {host.email}
        </a>
      ) : null}
    </div>
  );
}

/**
 * One booking on My Trips: the stay, dates, nights, amount and status, with what the guest can do
 * next: pay again (awaiting payment, or ended unpaid while its nights are free), cancel an unpaid one,
 * or cancel a confirmed stay to come under the host's policy.
 */
export function TripCard({ trip }: { trip: Trip }) {
  const [cancelling, setCancelling] = useState(false);
  const [cancellingStay, setCancellingStay] = useState(false);
  const [payingAgain, setPayingAgain] = useState(false);
  const refund = refundText(trip);
  return (
    <article
      data-testid="trip-card"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row"
    >
      <StayPhoto src={trip.stay.image} />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-lg leading-snug font-semibold text-slate-900">
              <Link
                to={`/stays/${trip.stay.id}`}
                className="rounded break-words hover:text-emerald-800 hover:underline"
              >
                {trip.stay.title}
              </Link>
            </h3>
            <p className="text-sm text-slate-600">{trip.stay.location}</p>
          </div>
          <TripStatusBadge status={trip.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-[1fr_auto_auto]">
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs font-medium text-slate-600">Dates</dt>
            <dd className="font-semibold text-slate-900" data-testid="trip-dates">
              {formatStayDay(trip.startDate)} – {formatStayDay(trip.endDate)}
            </dd>
          </div>
          <Fact term="Nights">{STAY_MESSAGES.nights(trip.nights)}</Fact>
          <Fact term="Total">{formatKES(trip.amount)}</Fact>
        </dl>
        {trip.status === 'held' && trip.holdExpiresAt ? (
          <p className="text-sm text-amber-900">{TRIP_MESSAGES.payBy(trip.holdExpiresAt)}</p>
        ) : null}
        {refund ? (
          <p className="rounded-xl border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
            {refund}
          </p>
        ) : null}
        {trip.status === 'expired' && !trip.canPayAgain && !refund ? (
          <p className="text-sm text-slate-700">{TRIP_MESSAGES.datesGone}</p>
        ) : null}
        {trip.status === 'confirmed' ? <HostContact host={trip.host} /> : null}
        {trip.status === 'confirmed' && trip.canCancel ? (
          <Button variant="secondary" onClick={() => setCancellingStay(true)}>
            Cancel stay
          </Button>
        ) : null}
        {(trip.canPayAgain && !payingAgain) || trip.status === 'held' ? (
          <div className="flex flex-wrap gap-3">
            {trip.canPayAgain && !payingAgain ? (
              <Button onClick={() => setPayingAgain(true)}>{MPESA_MESSAGES.payAgain}</Button>
            ) : null}
            {trip.status === 'held' ? (
              <Button variant="secondary" onClick={() => setCancelling(true)}>
                Cancel booking
              </Button>
            ) : null}
          </div>
        ) : null}
        {trip.canPayAgain && payingAgain ? <TripPayAgain trip={trip} /> : null}
      </div>
      {cancelling ? <CancelBookingDialog trip={trip} onClose={() => setCancelling(false)} /> : null}
      {cancellingStay ? <CancelStayDialog trip={trip} onClose={() => setCancellingStay(false)} /> : null}
    </article>
  );
}
