import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { STAY_MESSAGES, stayDatesProblem } from '@sokoni/contracts/stays-rules';
import type { Stay } from '@sokoni/contracts/stays';
import { Button, buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useNearView } from '@/lib/use-near-view';
import { useAuthStore } from '@/stores/auth';
import { useNairobiToday } from '../hooks/use-nairobi-today';
import { usePayAndBook } from '../hooks/use-pay-and-book';
import { NO_DATES, checkAvailability, stayPriceLine, takenNightsOf } from '../lib/stay-booking';
import type { Availability, StayDates } from '../lib/stay-booking';

// The calendar's code (a fifth of what the page loads) is fetched once the page has painted and the
// calendar's place is within a screen of view: it sits below the stay's photos and summary, and
// fetched with the page it would share a phone's slow link with the main photo.
const StayDatePicker = lazy(() => import('./stay-date-picker').then((m) => ({ default: m.StayDatePicker })));

/** Where the calendar will be, kept its size while its code loads, so nothing below it moves. */
function CalendarSpace() {
  return <div aria-busy="true" className="h-[23.25rem] w-[20.25rem] max-w-full md:w-[41rem]" />;
}

function AvailabilityMessage({ result }: { result: Availability | null }) {
  if (!result) return null;
  if (result.status === 'available') {
    return (
      <p
        role="status"
        className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900"
      >
        {result.message}
      </p>
    );
  }
  return <FormAlert message={result.message} />;
}

/**
 * Spec §4: choose dates, check them against the nights already taken (the date rules first), see
 * nights × price, then Pay & Book: the booking holds the nights and the browser goes to the payment
 * provider. Visitors are asked to log in and come back here; the host gets a link to edit instead.
 */
export function StayBooking({ stay }: { stay: Stay }) {
  const user = useAuthStore((state) => state.user);
  const today = useNairobiToday();
  const taken = useMemo(() => takenNightsOf(stay.bookings), [stay.bookings]);
  const [dates, setDates] = useState<StayDates>(NO_DATES);
  const [result, setResult] = useState<Availability | null>(null);
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  const booking = usePayAndBook(stay.id);
  const isHost = user?.id === stay.hostId;
  const calendarPlace = useRef<HTMLDivElement>(null);
  const calendarWanted = useNearView(calendarPlace, '100% 0px');

  const chooseDates = (next: StayDates) => {
    setDates(next);
    setResult(null);
    setAskedToSignIn(false);
    booking.reset();
  };
  const priceLine =
    dates.startDate && dates.endDate && !stayDatesProblem(dates.startDate, dates.endDate, today)
      ? stayPriceLine(stay.pricePerNight, dates.startDate, dates.endDate)
      : null;
  const available = result?.status === 'available' && !booking.datesTaken;

  let failure: string | null = null;
  if (booking.datesTaken) failure = STAY_MESSAGES.datesBooked;
  else if (booking.bookingError) failure = errorMessage(booking.bookingError, STAY_MESSAGES.paymentFailed);
  else if (booking.paymentError) failure = errorMessage(booking.paymentError, STAY_MESSAGES.paymentFailed);

  const payAndBook = () => {
    if (!available || booking.busy || !dates.startDate || !dates.endDate) return;
    if (!user) {
      setAskedToSignIn(true);
      return;
    }
    void booking.payAndBook({ startDate: dates.startDate, endDate: dates.endDate }, user);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[auto_minmax(0,1fr)] lg:gap-10">
      <div className="min-w-0">
        <div ref={calendarPlace} className="overflow-x-auto">
          {calendarWanted ? (
            <Suspense fallback={<CalendarSpace />}>
              <StayDatePicker dates={dates} taken={taken} today={today} onChange={chooseDates} />
            </Suspense>
          ) : (
            <CalendarSpace />
          )}
        </div>
        {dates.startDate ? (
          <button
            type="button"
            onClick={() => chooseDates(NO_DATES)}
            className="mt-1 min-h-11 rounded-lg px-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
          >
            Clear dates
          </button>
        ) : null}
      </div>
      <div className="space-y-4">
        {priceLine ? (
          <p className="border-t border-slate-200 pt-3 text-slate-800" data-testid="stay-total">
            {priceLine}
          </p>
        ) : null}
        <Button
          variant="secondary"
          className="w-full"
          disabled={booking.busy}
          onClick={() => {
            booking.reset();
            setResult(checkAvailability(dates, stay.bookings, today));
          }}
        >
          Check availability
        </Button>
        <AvailabilityMessage result={booking.datesTaken ? null : result} />
        <FormAlert message={failure} />
        {isHost ? (
          <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
            <p className="text-sm text-slate-700">{STAY_MESSAGES.ownStay}</p>
            <Link to={`/host/stays/${stay.id}/edit`} className={buttonClasses('primary', 'w-full')}>
              Edit listing
            </Link>
          </div>
        ) : (
          <>
            {askedToSignIn && !user ? (
              <SignInPrompt message={STAY_MESSAGES.bookingLoginRequired} tone="alert" />
            ) : null}
            <Button className="w-full" disabled={!available || booking.busy} onClick={payAndBook}>
              {booking.busy ? <Spinner className="size-4" /> : null}
              Pay &amp; Book
            </Button>
            <p role="status" className="min-h-5 text-center text-sm text-slate-700">
              {booking.redirecting ? 'Redirecting to the payment page...' : ''}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
