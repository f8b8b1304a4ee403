import { PAYMENT_MESSAGES, TICKETS_PER_PURCHASE } from '@sokoni/contracts/checkout';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import type { Event } from '@sokoni/contracts/events';
import { centsToShillings, shillingsToCents } from '@sokoni/contracts/money';

/** The most tickets one purchase may take: 10, or the seats left when fewer. */
export const maxTicketsFor = (event: Pick<Event, 'ticketsAvailable'>): number =>
  Math.max(0, Math.min(TICKETS_PER_PURCHASE.max, event.ticketsAvailable));

/** Price × quantity in shillings, counted in cents so that 0.10 × 3 is 0.30 exactly. */
export const ticketTotal = (price: number, quantity: number): number =>
  centsToShillings(shillingsToCents(price) * quantity);

/** Why the quantity typed cannot be bought (1 to 10 at a time, no more than the seats left), or null. */
export function quantityProblem(quantity: number, event: Pick<Event, 'title' | 'ticketsAvailable'>) {
  if (
    !Number.isInteger(quantity) ||
    quantity < TICKETS_PER_PURCHASE.min ||
    quantity > TICKETS_PER_PURCHASE.max
  )
    return PAYMENT_MESSAGES.ticketQuantity;
  if (quantity > event.ticketsAvailable)
    return EVENT_MESSAGES.notEnoughSeats(event.title, event.ticketsAvailable);
  return null;
}
