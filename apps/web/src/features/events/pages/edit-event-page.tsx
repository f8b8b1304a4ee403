import { Link, useParams } from 'react-router';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { hasCode } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useEvent } from '../api/get-event';
import { EditEventForm } from '../components/edit-event-form';

const backToEvents = (
  <Link to="/tickets/organizer" className={buttonClasses('secondary')}>
    Back to Your Events
  </Link>
);

function EditEventContent({ id }: { id: string }) {
  const userId = useAuthStore((state) => state.user?.id);
  const eventQuery = useEvent(id);
  if (eventQuery.isPending) return <LoadingState label="Loading your event..." />;
  if (eventQuery.isError) {
    if (hasCode(eventQuery.error, 'EVENT_NOT_FOUND')) {
      return (
        <div className="space-y-4">
          <FormAlert message={EVENT_MESSAGES.notFound} />
          {backToEvents}
        </div>
      );
    }
    return (
      <QueryError
        message="We couldn't load this event. Please check your connection."
        onRetry={() => void eventQuery.refetch()}
        retrying={eventQuery.isFetching}
      />
    );
  }
  const event = eventQuery.data;
  if (event.organizerId !== userId) {
    return (
      <div className="space-y-4">
        <FormAlert message={EVENT_MESSAGES.notOwner} />
        {backToEvents}
      </div>
    );
  }
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <EditEventForm event={event} />
    </div>
  );
}

/** The organizer fixes their event: the form starts from the event as it stands. */
export function EditEventPage() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>Edit event — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Edit event</h1>
      {/* Keyed: another event's address starts over from that event. */}
      <EditEventContent key={id} id={id} />
    </section>
  );
}
