import { formatNairobiTime, formatTicketPrice } from '@sokoni/contracts/events';
import type { PageMeta } from '../../lib/page-meta.js';
import { AppError } from '../../lib/errors.js';
import type { EventsService } from './events.service.js';

const EVENT_PAGE = /^\/tickets\/([^/]+)\/?$/;

/**
 * The preview of a shared event link: its title; when (Nairobi time), where and for how much; its
 * image. Other pages under /tickets (mine, new…) are no event's id and get the plain page.
 */
export async function eventPageMeta(
  events: EventsService,
  path: string,
  origin: string,
): Promise<Omit<PageMeta, 'url'> | null> {
  const id = EVENT_PAGE.exec(path)?.[1];
  if (!id) return null;
  try {
    const event = await events.get(id);
    return {
      title: event.title,
      description: [formatNairobiTime(event.date), event.location, formatTicketPrice(event.price)].join(
        ' · ',
      ),
      // An event's image is always one of our uploads, a path on our origin (the contract's rule).
      image: `${origin}${event.image}`,
    };
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}
