import { EventQuery, type Event } from '@sokoni/contracts/events';
import {
  EVENT_PAGE_SIZE,
  eventListQuery,
  formatNairobiTime,
  formatTicketPrice,
} from '@sokoni/contracts/events-rules';
import type { PageHead } from '../../lib/page-meta.js';
import { AppError } from '../../lib/errors.js';
import type { EventsService } from './events.service.js';

const EVENT_PAGE = /^\/tickets\/([^/]+)\/?$/;
const EVENTS_PAGE = /^\/events\/?$/;

/** The first page of upcoming events, as /events asks for it when it opens with no filters. */
async function eventsPageHead(events: EventsService): Promise<PageHead> {
  const { json, total } = await events.list(EventQuery.parse({}));
  const items = JSON.parse(json.raw.toString('utf8')) as Event[];
  return {
    pageModule: 'src/features/events/pages/events-page.tsx',
    answers: [
      {
        url: `/api/events?${new URLSearchParams(eventListQuery({}, { limit: EVENT_PAGE_SIZE, offset: 0 }))}`,
        body: items,
        total,
      },
    ],
    ...(items[0] ? { leadImage: items[0].image } : {}),
  };
}

/**
 * An event's page: the preview of a shared link (its title; when in Nairobi time, where and for how
 * much; its image) and the event itself, so the page shows it without asking. Other pages under
 * /tickets (mine, new…) are no event's id and get the plain page.
 */
async function eventPageHead(events: EventsService, id: string, origin: string): Promise<PageHead | null> {
  try {
    const { event, json } = await events.get(id);
    return {
      meta: {
        title: event.title,
        description: [formatNairobiTime(event.date), event.location, formatTicketPrice(event.price)].join(
          ' · ',
        ),
        // An event's image is always one of our uploads, a path on our origin (the contract's rule).
        image: `${origin}${event.image}`,
      },
      pageModule: 'src/features/events/pages/event-detail-page.tsx',
      answers: [
        { url: `/api/events/${encodeURIComponent(id)}`, body: JSON.parse(json.raw.toString('utf8')) },
      ],
      leadImage: event.image,
    };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** The head of the events list and of an event's page; null for any other path. */
export async function eventsPagesHead(
  events: EventsService,
  path: string,
  origin: string,
): Promise<PageHead | null> {
  if (EVENTS_PAGE.test(path)) return eventsPageHead(events);
  const id = EVENT_PAGE.exec(path)?.[1];
  return id ? eventPageHead(events, id, origin) : null;
}
