import type { Event } from '@sokoni/contracts/events';
import { SkeletonCard } from '@/components/skeleton-card';
import { EventCard } from './event-card';

const GRID_CLASSES = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

type EventGridProps = {
  events: Event[];
  /** How many of the first cards are in view when the page opens: their images load at once. */
  priorityCount?: number;
};

export function EventGrid({ events, priorityCount = 0 }: EventGridProps) {
  return (
    <ul className={GRID_CLASSES}>
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard event={event} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while events load. */
export function EventGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading events" className={GRID_CLASSES}>
      {Array.from({ length: count }, (_, index) => (
        <SkeletonCard
          key={index}
          image="aspect-video"
          lines={['h-4 w-4/5', 'h-3 w-3/5', 'h-3 w-2/5', 'h-4 w-1/4']}
        />
      ))}
    </div>
  );
}
