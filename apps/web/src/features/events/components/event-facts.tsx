import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import type { Event } from '@sokoni/contracts/events';
import { CalendarIcon, PinIcon } from '@/components/icons';

/** When (in Nairobi time, whatever the device's zone) and where an event takes place. */
export function EventFacts({
  event,
  className = '',
}: {
  event: Pick<Event, 'date' | 'location'>;
  className?: string;
}) {
  return (
    <ul className={`space-y-1 ${className}`}>
      <li className="flex items-start gap-2">
        <CalendarIcon className="mt-0.5 shrink-0 text-slate-500" />
        <span className="sr-only">Date: </span>
        <time dateTime={event.date}>{formatNairobiTime(event.date)}</time>
      </li>
      <li className="flex items-start gap-2">
        <PinIcon className="mt-0.5 shrink-0 text-slate-500" />
        <span className="sr-only">Location: </span>
        <span className="min-w-0 break-words">{event.location}</span>
      </li>
    </ul>
  );
}
