import { CANCEL_MESSAGES, type CancelResult } from '@sokoni/contracts/cancellations';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { centsToShillings } from '@sokoni/contracts/money';
import type { Db } from '../../db/client.js';
import { requireAccess } from '../../lib/access.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MailService } from '../mail/mail.service.js';
import * as repo from './events.repository.js';
import { eventNotFound, type EventsService } from './events.service.js';
import { eventCancelledMails, type RefundedHolder } from './ticket-mail.js';

export type EventCancellationService = ReturnType<typeof createEventCancellationService>;

/**
 * An organizer cancels their event before it starts (#27), in one transaction with the event's row
 * locked (as every sale locks it, so no ticket is issued meanwhile): every ticket refunded, paid ones
 * out of the organizer's earning of each payment, every holder and the organizer told by e-mail.
 * From then on nothing of it is sold or claimed, and the door refuses its tickets.
 */
export function createEventCancellationService(deps: {
  db: Db;
  mail: Pick<MailService, 'queue'>;
  ledger: Pick<Ledger, 'lockEarningsOfPayments' | 'refund'>;
  /** The events' lists, told when an event is cancelled. */
  events: Pick<EventsService, 'seatsChanged'>;
  /** Sokoni's own origin, for the links in the e-mails (read when one is made). */
  siteUrl: () => string;
  clock: Clock;
}) {
  const { db } = deps;
  const at = () => new Date(deps.clock.now());

  return {
    async cancel(caller: AuthUser, eventId: string, reason: string | undefined): Promise<CancelResult> {
      const refundedCents = await db.transaction(async (tx) => {
        await deps.events.seatsChanged(tx);
        const event = requireAccess(
          caller,
          isUuid(eventId) ? await repo.lockEventForSale(tx, eventId, { at: at() }) : undefined,
          {
            ownerOf: (own) => own.organizerId,
            notFound: eventNotFound,
            notOwner: () => forbidden(EVENT_MESSAGES.notOwner, 'NOT_OWNER'),
          },
        );
        if (event.cancelledAt) throw conflict(CANCEL_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
        if (event.startsAt.getTime() <= deps.clock.now())
          throw conflict(CANCEL_MESSAGES.eventPast, 'EVENT_PAST');
        await repo.markEventCancelled(tx, event.id, at());
        const tickets = await repo.refundTicketsOfEvent(tx, event.id);
        const paid = tickets.flatMap((ticket) => (ticket.paymentReference ? [ticket.paymentReference] : []));
        const earnings = await deps.ledger.lockEarningsOfPayments(tx, `event:${event.id}`, paid);
        // Tickets paid before the ledger began were handed to the organizer whole: not refunded here.
        if (earnings.length !== paid.length)
          throw conflict(CANCEL_MESSAGES.earningsSpent, 'EARNINGS_PAID_OUT');
        const refunded = new Map<string, number>();
        for (const earning of earnings) {
          const given = await deps.ledger.refund(tx, earning, earning.grossCents - earning.refundedCents, {
            reason: 'event_cancelled',
            description: `Event cancelled: ${event.title}`.slice(0, 200),
          });
          refunded.set(earning.paymentReference, given?.amountCents ?? 0);
        }
        const holders = new Map<string, RefundedHolder>();
        for (const ticket of tickets) {
          const holder = holders.get(ticket.holder.id) ?? { ...ticket.holder, tickets: 0, refundCents: 0 };
          holder.tickets += ticket.quantity;
          holder.refundCents += ticket.paymentReference ? (refunded.get(ticket.paymentReference) ?? 0) : 0;
          holders.set(ticket.holder.id, holder);
        }
        const organizer = await repo.findUserContact(tx, event.organizerId);
        if (!organizer) throw new Error(`the organizer of event ${event.id} vanished while it was cancelled`);
        const letters = eventCancelledMails(
          { title: event.title, startsAt: event.startsAt, organizer },
          [...holders.values()],
          reason,
          deps.siteUrl(),
        );
        for (const letter of letters) await deps.mail.queue(tx, letter);
        return [...refunded.values()].reduce((sum, cents) => sum + cents, 0);
      });
      return { message: CANCEL_MESSAGES.eventCancelled, refund: centsToShillings(refundedCents) };
    },
  };
}
