import { Link, useParams } from 'react-router';
import { EVENT_MESSAGES, formatTicketPrice } from '@sokoni/contracts/events-rules';
import type { Event } from '@sokoni/contracts/events';
import { buttonClasses } from '@/components/button';
import { DetailPage } from '@/components/detail-page';
import { DetailRow } from '@/components/detail-row';
import { HiddenNotice } from '@/components/hidden-notice';
import { ReportButton } from '@/components/report-button';
import { ShareActions } from '@/components/share-actions';
import { useMetaDescription } from '@/lib/use-meta-description';
import { useAuthStore } from '@/stores/auth';
import { useEvent } from '../api/get-event';
import { CancelledBadge } from '../components/cancelled-badge';
import { EventDetailSkeleton } from '../components/event-detail-skeleton';
import { EventFacts } from '../components/event-facts';
import { TicketPurchase } from '../components/ticket-purchase';
import { eventBlurb, eventShare, seatsLeftLabel } from '../lib/event-display';

function EventNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>Event not found — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900">{EVENT_MESSAGES.notFound}</h1>
      <p className="mt-2 text-slate-600">It may have been removed by its organizer.</p>
      <Link to="/events" className={buttonClasses('primary', 'mt-6')}>
        Browse Events
      </Link>
    </div>
  );
}

function EventDetail({ event }: { event: Event }) {
  useMetaDescription(eventBlurb(event));
  const isOrganizer = useAuthStore((state) => state.user?.id === event.organizerId);
  return (
    <article className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:gap-x-10">
      <title>{`${event.title} — Sokoni`}</title>
      <img
        src={event.image}
        alt={event.title}
        width={1200}
        height={675}
        fetchPriority="high"
        className="aspect-video w-full rounded-2xl bg-slate-100 object-cover md:col-start-1"
      />
      <div className="space-y-5 md:col-start-2 md:row-span-2 md:row-start-1">
        <HiddenNotice moderation={event.moderation} />
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="inline-block rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800">
              {event.category}
            </span>
            {event.cancelled ? <CancelledBadge /> : null}
          </div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{event.title}</h1>
          {isOrganizer && !event.cancelled ? (
            <Link to={`/tickets/${event.id}/edit`} className={buttonClasses('secondary')}>
              Edit event
            </Link>
          ) : null}
        </div>
        <EventFacts event={event} className="text-slate-800" />
        <dl className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4">
          <DetailRow term="Organizer">{event.organizer.name}</DetailRow>
          <DetailRow term="Price">
            <span className="font-bold text-emerald-800" data-testid="event-price">
              {formatTicketPrice(event.price)}
            </span>
          </DetailRow>
          {event.cancelled ? null : (
            <DetailRow term="Seats left">{seatsLeftLabel(event.ticketsAvailable)}</DetailRow>
          )}
        </dl>
        <div className="flex flex-wrap gap-2">
          <ShareActions share={eventShare(event)} />
        </div>
        <section
          aria-labelledby="tickets-heading"
          className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <h2 id="tickets-heading" className="mb-3 text-lg font-bold text-slate-900">
            Tickets
          </h2>
          <TicketPurchase event={event} />
        </section>
        <ReportButton subject="event" subjectId={event.id} ownerId={event.organizerId} />
      </div>
      <section aria-labelledby="about-heading" className="md:col-start-1">
        <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
          About this event
        </h2>
        <p className="mt-1 whitespace-pre-line text-slate-700">{event.description}</p>
      </section>
    </article>
  );
}

export function EventDetailPage() {
  const { id = '' } = useParams();
  const eventQuery = useEvent(id);

  return (
    <DetailPage
      query={eventQuery}
      skeleton={<EventDetailSkeleton />}
      notFound={<EventNotFound />}
      notFoundCode="EVENT_NOT_FOUND"
      loadError={{
        title: 'Event — Sokoni',
        message: "We couldn't load this event. Please check your connection.",
      }}
    >
      {(event) => <EventDetail event={event} />}
    </DetailPage>
  );
}
