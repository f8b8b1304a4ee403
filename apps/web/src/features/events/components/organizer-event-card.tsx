import { useState } from 'react';
import { Link } from 'react-router';
import type { OrganizerEvent } from '@sokoni/contracts/events';
import { formatKES } from '@sokoni/contracts/money';
import { Button, buttonClasses } from '@/components/button';
import { DashboardFigure } from '@/components/dashboard-figure';
import { HiddenNotice } from '@/components/hidden-notice';
import { hasTakenPlace, isSoldOut } from '../lib/event-display';
import { CancelEventDialog } from './cancel-event-dialog';
import { CancelledBadge } from './cancelled-badge';
import { EventFacts } from './event-facts';

const count = (value: number) => value.toLocaleString('en-KE');

/**
 * One of the organizer's events with its sales: sold of capacity, seats left, revenue, checked in;
 * the ways to edit it and to see its attendees (#28); one to come can be cancelled (#27).
 */
export function OrganizerEventCard({ event }: { event: OrganizerEvent }) {
  const [cancelling, setCancelling] = useState(false);
  const past = hasTakenPlace(event);
  return (
    <article
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row"
      data-testid="organizer-event"
    >
      <img
        src={event.image}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        decoding="async"
        className="aspect-video w-full shrink-0 rounded-xl bg-slate-100 object-cover sm:w-48"
      />
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-center gap-2 text-xs font-bold">
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-emerald-800">{event.category}</span>
          {event.cancelled ? <CancelledBadge /> : null}
          {past ? <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-slate-800">Past</span> : null}
          {!past && !event.cancelled && isSoldOut(event) ? (
            <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-white">Sold out</span>
          ) : null}
        </div>
        <div>
          <h2 className="text-lg leading-snug font-semibold text-slate-900">
            <Link to={`/tickets/${event.id}`} className="rounded hover:text-emerald-800 hover:underline">
              {event.title}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {event.price === 0 ? 'Free event' : `${formatKES(event.price)} per ticket`}
          </p>
        </div>
        <HiddenNotice moderation={event.moderation} />
        <EventFacts event={event} className="text-sm text-slate-700" />
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <DashboardFigure
            term="Tickets sold"
            value={`${count(event.ticketsSold)} / ${count(event.capacity)}`}
          />
          <DashboardFigure term="Seats left" value={count(event.ticketsAvailable)} />
          <DashboardFigure term="Revenue" value={formatKES(event.revenue)} />
          <DashboardFigure
            term="Checked in"
            value={`${count(event.checkedIn)} / ${count(event.ticketsSold)}`}
          />
        </dl>
        <div className="flex flex-wrap gap-2">
          {event.cancelled ? null : (
            <Link
              to={`/tickets/${event.id}/edit`}
              aria-label={`Edit event ${event.title}`}
              className={buttonClasses('secondary')}
            >
              Edit
            </Link>
          )}
          <Link
            to={`/tickets/${event.id}/attendees`}
            aria-label={`Attendees of ${event.title}`}
            className={buttonClasses('secondary')}
          >
            Attendees
          </Link>
          {!past && !event.cancelled ? (
            <Button
              variant="ghost"
              aria-label={`Cancel event ${event.title}`}
              onClick={() => setCancelling(true)}
            >
              Cancel event
            </Button>
          ) : null}
        </div>
      </div>
      {cancelling ? <CancelEventDialog event={event} onClose={() => setCancelling(false)} /> : null}
    </article>
  );
}
