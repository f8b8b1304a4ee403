import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { LoadingState } from '@/components/spinner';
import { QueryError } from '@/components/query-error';
import { useAuthStore } from '@/stores/auth';
import { ORGANIZER_REFRESH_MS, useOrganizerEvents } from '../api/get-organizer-events';
import { OrganizerEventCard } from '../components/organizer-event-card';

function OrganizerEventList({ organizerId }: { organizerId: string }) {
  const eventsQuery = useOrganizerEvents(organizerId);

  if (eventsQuery.isPending) return <LoadingState label="Loading your events..." />;
  if (eventsQuery.isError) {
    return (
      <QueryError
        message="Failed to load your events."
        onRetry={() => eventsQuery.refetch()}
        retrying={eventsQuery.isFetching}
      />
    );
  }
  const events = eventsQuery.data;
  if (!events.length) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
        <p className="text-slate-700">You have not created any events yet.</p>
        <Link to="/tickets/new" className={buttonClasses('primary')}>
          Create your first event
        </Link>
      </div>
    );
  }

  return (
    <>
      <p className="mb-4 text-sm text-slate-600">
        {events.length} {events.length === 1 ? 'event' : 'events'}, upcoming first. Sales and check-ins update
        every {ORGANIZER_REFRESH_MS / 1000} seconds.
      </p>
      <ul className="space-y-4">
        {events.map((event) => (
          <li key={event.id}>
            <OrganizerEventCard event={event} />
          </li>
        ))}
      </ul>
    </>
  );
}

export function OrganizerEventsPage() {
  const user = useAuthStore((state) => state.user);
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <title>Your Events — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Your Events</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/tickets/new" className={buttonClasses('primary')}>
            Create New Event
          </Link>
          <Link to="/organizer/verify" className={buttonClasses('secondary')}>
            Verify Ticket
          </Link>
          <Link to="/earnings" className={buttonClasses('secondary')}>
            Your earnings
          </Link>
        </div>
      </div>
      {user ? (
        <OrganizerEventList organizerId={user.id} />
      ) : (
        <p className="text-center text-slate-700">Log in to see your events.</p>
      )}
    </section>
  );
}
