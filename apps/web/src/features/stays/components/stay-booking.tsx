import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { STAY_MESSAGES, nightsOf, stayDatesProblem } from '@sokoni/contracts/stays-rules';
import type { Stay } from '@sokoni/contracts/stays';
import { Button, buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { LazyPayStep } from '@/components/lazy-pay-step';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { useNearView } from '@/lib/use-near-view';
import { useAuthStore } from '@/stores/auth';
import { useBookToPay } from '../api/book-stay';
import { useStayAvailability } from '../api/get-stay-availability';
import { useNairobiToday } from '../hooks/use-nairobi-today';
import { NO_DATES, checkAvailability, stayPriceLine, stayTotal, takenNightsOf } from '../lib/stay-booking';
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
 * Spec §4: choose dates, check them against the nights already taken (the date rules first; a
 * signed-in guest's own unpaid holds do not count), see nights × price, then Pay & Book: the pay
 * step (M-Pesa first, card second), whose first press books the nights. Visitors are asked to log
 * in and come back here; the host gets a link to edit instead.
 */
export function StayBooking({ stay }: { stay: Stay }) {
  const user = useAuthStore((state) => state.user);
  const today = useNairobiToday();
  const isHost = user?.id === stay.hostId;
  const own = useStayAvailability(stay.id, user && !isHost ? user.id : null);
  const bookings = own.data?.bookings ?? stay.bookings;
  const taken = useMemo(() => takenNightsOf(bookings), [bookings]);
  const [dates, setDates] = useState<StayDates>(NO_DATES);
  const [result, setResult] = useState<Availability | null>(null);
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  const [paying, setPaying] = useState(false);
  const [datesTaken, setDatesTaken] = useState(false);
  const bookToPay = useBookToPay(stay.id, () => {
    setDatesTaken(true);
    setPaying(false);
  });
  const calendarPlace = useRef<HTMLDivElement>(null);
  const calendarWanted = useNearView(calendarPlace, '100% 0px');

  const chooseDates = (next: StayDates) => {
    setDates(next);
    setResult(null);
    setAskedToSignIn(false);
    setPaying(false);
    setDatesTaken(false);
  };
  const chosen =
    dates.startDate && dates.endDate && !stayDatesProblem(dates.startDate, dates.endDate, today)
      ? { startDate: dates.startDate, endDate: dates.endDate }
      : null;
  const available = result?.status === 'available' && !datesTaken;

  const payAndBook = () => {
    if (!available || !chosen) return;
    if (!user) setAskedToSignIn(true);
    else setPaying(true);
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
        {chosen ? (
          <p className="border-t border-slate-200 pt-3 text-slate-800" data-testid="stay-total">
            {stayPriceLine(stay.pricePerNight, chosen.startDate, chosen.endDate)}
          </p>
        ) : null}
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => {
            setDatesTaken(false);
            setPaying(false);
            setResult(checkAvailability(dates, bookings, today));
          }}
        >
          Check availability
        </Button>
        <AvailabilityMessage result={datesTaken ? null : result} />
        <FormAlert message={datesTaken ? STAY_MESSAGES.datesBooked : null} />
        {isHost ? (
          <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
            <p className="text-sm text-slate-700">{STAY_MESSAGES.ownStay}</p>
            <Link to={`/host/stays/${stay.id}/edit`} className={buttonClasses('primary', 'w-full')}>
              Edit listing
            </Link>
          </div>
        ) : paying && user && chosen ? (
          <section aria-labelledby="stay-pay" className="space-y-3 border-t border-slate-200 pt-4">
            <h3 id="stay-pay" className="font-semibold text-slate-900">
              Pay &amp; Book
            </h3>
            <LazyPayStep
              // Other dates are another booking: made afresh on the first press.
              key={`${chosen.startDate}/${chosen.endDate}`}
              subject={() => bookToPay(chosen)}
              amount={stayTotal(stay.pricePerNight, nightsOf(chosen.startDate, chosen.endDate))}
              // Spec §2: the payment page is told the stay, the guest and the dates.
              callbackDetails={{
                stayId: stay.id,
                userId: user.id,
                start: chosen.startDate,
                end: chosen.endDate,
              }}
              failedMessage={STAY_MESSAGES.paymentFailed}
            />
          </section>
        ) : (
          <>
            {askedToSignIn && !user ? (
              <SignInPrompt message={STAY_MESSAGES.bookingLoginRequired} tone="alert" />
            ) : null}
            <Button className="w-full" disabled={!available} onClick={payAndBook}>
              Pay &amp; Book
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
