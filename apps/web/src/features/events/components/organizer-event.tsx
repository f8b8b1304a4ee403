import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Event } from '@sokoni/contracts/events';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { hasCode } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useEvent } from '../api/get-event';

const backToEvents = (
  <Link to="/tickets/organizer" className={buttonClasses('secondary')}>
    Back to Your Events
  </Link>
);

const refusal = (message: string) => (
  <div className="space-y-4">
    <FormAlert message={message} />
    {backToEvents}
  </div>
);

/**
 * One of the signed-in organizer's events for a page of theirs (edit, attendees): its loading, error
 * and not-found states, and the refusal of anyone else's event; then `children` with the event.
 */
export function OrganizerEvent({ id, children }: { id: string; children: (event: Event) => ReactNode }) {
  const userId = useAuthStore((state) => state.user?.id);
  const eventQuery = useEvent(id);
  if (eventQuery.isPending) return <LoadingState label="Loading your event..." />;
  if (eventQuery.isError) {
    if (hasCode(eventQuery.error, 'EVENT_NOT_FOUND')) return refusal(EVENT_MESSAGES.notFound);
    return (
      <QueryError
        message="We couldn't load this event. Please check your connection."
        onRetry={() => void eventQuery.refetch()}
        retrying={eventQuery.isFetching}
      />
    );
  }
  if (eventQuery.data.organizerId !== userId) return refusal(EVENT_MESSAGES.notOwner);
  return children(eventQuery.data);
}
