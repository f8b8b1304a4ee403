import { PagedResults } from '@/components/paged-results';
import { QueryError } from '@/components/query-error';
import type { useEvents } from '../api/get-events';
import { EventGrid, EventGridSkeleton } from './event-grid';

/**
 * The first card, the page's largest paint, is fetched at once at high priority (its photo is preloaded
 * with the page). The rest load as they are laid out: on a phone they are below the fold, and fetched
 * at once they would share the slow link with the first.
 */
const IN_VIEW_AT_LOAD = 1;

type EventResultsProps = {
  query: ReturnType<typeof useEvents>;
  /** A search or category is chosen: the empty state suggests loosening it. */
  filtered: boolean;
};

function NoEvents({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-14 text-center">
      <p className="font-semibold text-slate-900">No events found</p>
      <p className="mt-1 text-slate-600">
        {filtered ? 'Try another search or category.' : 'There are no upcoming events yet. Check back soon.'}
      </p>
    </div>
  );
}

/** The grid of upcoming events, 24 at a time with Load more, or the page's empty or error state. */
export function EventResults({ query, filtered }: EventResultsProps) {
  if (query.isPending) return <EventGridSkeleton />;
  if (query.isError && !query.data) {
    return (
      <QueryError
        message="Failed to load events."
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const events = query.data.pages.flatMap((page) => page.events);
  const total = query.data.pages.at(-1)?.total ?? events.length;
  if (!events.length) return <NoEvents filtered={filtered} />;

  return (
    <PagedResults query={query} shown={events.length} total={total} noun="events">
      <EventGrid events={events} priorityCount={IN_VIEW_AT_LOAD} />
    </PagedResults>
  );
}
