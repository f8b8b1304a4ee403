import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { SearchForm } from '@/components/search-form';
import { useAuthStore } from '@/stores/auth';
import { useEvents } from '../api/get-events';
import { EventCategoryFilter } from '../components/event-category-filter';
import { EventResults } from '../components/event-results';
import { useEventFilters } from '../hooks/use-event-filters';

/** Creating events and one's tickets: for signed-in users (visitors find them after signing in). */
function OrganizerLinks() {
  return (
    <nav aria-label="Your events and tickets" className="flex flex-wrap gap-2">
      <Link to="/tickets/new" className={buttonClasses('primary')}>
        Create Event
      </Link>
      <Link to="/tickets/organizer" className={buttonClasses('secondary')}>
        Your Events
      </Link>
      <Link to="/tickets/mine" className={buttonClasses('secondary')}>
        My Tickets
      </Link>
    </nav>
  );
}

export function EventsPage() {
  const signedIn = useAuthStore((state) => state.user !== null);
  const [filters, setFilters] = useEventFilters();
  const events = useEvents(filters);
  const total = events.data?.pages.at(-1)?.total;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <title>Events — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Discover Amazing Events</h1>
          <p className="mt-1 text-slate-600">
            Concerts, conferences, workshops, sports and exhibitions across Kenya.
          </p>
        </div>
        {signedIn ? <OrganizerLinks /> : null}
      </div>
      <div className="space-y-4">
        <SearchForm
          id="event-search"
          label="Search events"
          query={filters.q}
          placeholder="Search events or places..."
          onSearch={(q) => setFilters({ ...filters, q })}
        />
        <EventCategoryFilter
          value={filters.category}
          onChange={(category) => setFilters({ ...filters, category })}
        />
        <p className="font-semibold text-slate-800" aria-live="polite" data-testid="result-count">
          {total === undefined ? '' : `${total} upcoming ${total === 1 ? 'event' : 'events'}`}
        </p>
        <h2 className="sr-only">Events</h2>
        <EventResults query={events} filtered={Boolean(filters.q || filters.category)} />
      </div>
    </section>
  );
}
