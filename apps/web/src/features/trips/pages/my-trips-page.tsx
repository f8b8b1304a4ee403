import { Link } from 'react-router';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';
import { buttonClasses } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { HomeIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { useMyTrips } from '../api/get-my-trips';
import { TripCard } from '../components/trip-card';
import { TripsSkeleton } from '../components/trips-skeleton';
import { TRIP_MESSAGES } from '../lib/trip-messages';
import { tripSections } from '../lib/trip-sections';

function TripSection({ title, hint, trips }: { title: string; hint?: string; trips: Trip[] }) {
  const headingId = `trips-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      </div>
      <ul className="space-y-4">
        {trips.map((trip) => (
          <li key={trip.id}>
            <TripCard trip={trip} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TripsContent() {
  const tripsQuery = useMyTrips();
  if (tripsQuery.isPending) return <TripsSkeleton />;
  if (tripsQuery.isError) {
    return (
      <QueryError
        message={TRIP_MESSAGES.loadFailed}
        onRetry={() => void tripsQuery.refetch()}
        retrying={tripsQuery.isFetching}
      />
    );
  }
  if (tripsQuery.data.length === 0)
    return (
      <EmptyState
        icon={HomeIcon}
        message={STAY_MESSAGES.noTrips}
        action={{ to: '/stays', label: 'Find a stay' }}
      />
    );
  // Past and upcoming as of the server's answer, by the calendar in Nairobi.
  const { upcoming, past, notCompleted, cancelled } = tripSections(tripsQuery.data, tripsQuery.dataUpdatedAt);
  return (
    <div className="space-y-8">
      {upcoming.length ? (
        <TripSection title="Upcoming" trips={upcoming} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4">
          <p className="text-slate-700">{TRIP_MESSAGES.noUpcoming}</p>
          <Link to="/stays" className={buttonClasses('primary')}>
            Find a stay
          </Link>
        </div>
      )}
      {notCompleted.length ? (
        <TripSection
          title={TRIP_MESSAGES.notCompleted}
          hint={TRIP_MESSAGES.notCompletedHint}
          trips={notCompleted}
        />
      ) : null}
      {past.length ? <TripSection title="Past" trips={past} /> : null}
      {cancelled.length ? (
        <TripSection
          title={TRIP_MESSAGES.cancelledTitle}
          hint={TRIP_MESSAGES.cancelledHint}
          trips={cancelled}
        />
      ) : null}
    </div>
  );
}

/**
 * The signed-in guest's bookings: upcoming first, with status, dates, amount and the host's contact
 * once paid; then the attempts not completed (Pay again), then past stays.
 */
export function MyTripsPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <title>My Trips — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">My Trips</h1>
      <TripsContent />
    </section>
  );
}
