import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import { MY_TICKETS_PATH, RECEIPT_MAIL } from '@sokoni/contracts/mail';
import { centsToShillings } from '@sokoni/contracts/money';
import { addDays } from '@sokoni/contracts/stays-rules';
import type { Db } from '../../db/client.js';
import { nairobiDate } from '../../lib/clock.js';
import type { PaymentHandler } from '../payments/payment-handlers.js';
import * as repo from './events.repository.js';
import type { TicketsService } from './tickets.service.js';

/**
 * How event tickets are paid for: priced from the event in the database (price × quantity); the
 * seats are held while the buyer pays (15 minutes), one ticket is issued when the payment succeeds
 * (its e-mail queued in the same transaction), and the seats are given back when it fails, is
 * abandoned or lapses. Free events are not paid for:
 * their tickets are claimed (POST /events/{id}/tickets).
 *
 * An organizer may buy tickets of their own event (organizers often comp themselves or pay for
 * guests); it is an ordinary sale.
 */
async function ticketOf(tx: Db, reference: string) {
  const bought = await repo.findTicketReceipt(tx, reference);
  if (!bought) throw new Error(`the ticket of payment ${reference} vanished while it was being paid`);
  return bought;
}

export function eventPaymentHandler({ tickets }: { tickets: TicketsService }): PaymentHandler<'event'> {
  return {
    // One buyer's seats of the event: other buyers' payments for it are theirs.
    subjectKey: (caller, input) => `${input.eventId}:${caller.sub}`,

    async prepare(tx, caller, input, hold) {
      const { eventId, title, totalCents } = await tickets.holdSeats(
        tx,
        caller,
        { eventId: input.eventId, quantity: input.quantity },
        hold,
      );
      return {
        subjectId: eventId,
        amountCents: totalCents,
        description: `${input.quantity} × ${title}`,
      };
    },

    describe: (eventId) => tickets.describe(eventId),

    fulfil: (tx, { reference }) => tickets.issuePaidTicket(tx, reference),

    async release(tx, { reference }) {
      await tickets.releaseSeats(tx, reference);
    },

    vertical: 'events',

    // The organizer's the day after the event (Kenyan time), when it has taken place.
    async shares(tx, { reference, amountCents }) {
      const { event, organizer } = await ticketOf(tx, reference);
      const dayAfter = addDays(nairobiDate(event.startsAt.getTime()), 1);
      return [
        {
          earnerId: organizer.id,
          part: `event:${event.id}`,
          grossCents: amountCents,
          releaseAt: new Date(`${dayAfter}T00:00:00+03:00`),
        },
      ];
    },

    async receipt(tx, { reference }) {
      const bought = await ticketOf(tx, reference);
      const { event, organizer } = bought;
      return {
        items: [
          {
            description: RECEIPT_MAIL.tickets(
              bought.quantity,
              event.title,
              formatNairobiTime(event.startsAt),
            ),
            amount: centsToShillings(bought.unitPriceCents * bought.quantity),
          },
        ],
        sellers: [{ role: 'Organizer', name: organizer.name, email: organizer.email, phone: null }],
        delivery: null,
        path: MY_TICKETS_PATH,
      };
    },
  };
}
