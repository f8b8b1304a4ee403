import { formatTicketPrice } from '@sokoni/contracts/events-rules';
import type { Event } from '@sokoni/contracts/events';
import { LinkCard, LinkCardImage, LinkCardTitle } from '@/components/link-card';
import { isSoldOut, seatsLeftLabel } from '../lib/event-display';
import { CancelledBadge } from './cancelled-badge';
import { EventFacts } from './event-facts';

const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 360;

type EventCardProps = {
  event: Event;
  /** Load the image at once, at high priority: for cards in view when the page opens. */
  priority?: boolean;
};

export function EventCard({ event, priority = false }: EventCardProps) {
  const soldOut = !event.cancelled && isSoldOut(event);
  return (
    <LinkCard testId="event-card">
      <LinkCardImage
        src={event.image}
        width={IMAGE_WIDTH}
        height={IMAGE_HEIGHT}
        priority={priority}
        label={event.title}
      >
        <span className="absolute top-2 left-2 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-bold text-slate-800">
          {event.category}
        </span>
        {event.cancelled ? <CancelledBadge className="absolute top-2 right-2" /> : null}
        {soldOut ? (
          <span className="absolute top-2 right-2 rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-bold text-white">
            Sold out
          </span>
        ) : null}
      </LinkCardImage>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <LinkCardTitle to={`/tickets/${event.id}`}>{event.title}</LinkCardTitle>
        <EventFacts event={event} className="text-sm text-slate-700" />
        <p className="mt-auto flex flex-wrap items-baseline justify-between gap-x-3 pt-2">
          <span className="font-bold text-emerald-800" data-testid="event-price">
            {formatTicketPrice(event.price)}
          </span>
          {soldOut || event.cancelled ? null : (
            <span className="text-sm text-slate-600">{seatsLeftLabel(event.ticketsAvailable)}</span>
          )}
        </p>
      </div>
    </LinkCard>
  );
}
