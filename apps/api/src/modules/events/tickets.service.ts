import { randomBytes } from 'node:crypto';
import type {
  LastTicketPayment,
  Ticket,
  TicketVerification,
  TicketWithEvent,
} from '@sokoni/contracts/events';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellations';
import { EVENT_MESSAGES, splitName, ticketCodeOf } from '@sokoni/contracts/events-rules';
import type { Db } from '../../db/client.js';
import { requireAccess } from '../../lib/access.js';
import { calendarFileName } from '../../lib/calendar-file.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound, type AppError } from '../../lib/errors.js';
import {
  holderOf,
  lockHolder,
  refuseBeyondClaimBound,
  refuseBeyondHoldBounds,
} from '../../lib/hold-bounds.js';
import { isUuid } from '../../lib/ids.js';
import { findLastUnpaidPayment } from '../../lib/last-payment.js';
import type { Standing } from '../../lib/standing.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { MailService } from '../mail/mail.service.js';
import type { PaymentHold } from '../payments/payment-handlers.js';
import * as repo from './events.repository.js';
import { eventNotFound, toEvent, type EventsService } from './events.service.js';
import { ticketCalendar } from './ticket-calendar.js';
import { ticketMail } from './ticket-mail.js';

/** 'tkt_' and 16 random bytes in hex: what a QR code carries, and nobody can guess. */
const TICKET_ID = /^tkt_[a-f0-9]{32}$/;
export const newTicketId = () => `tkt_${randomBytes(16).toString('hex')}`;

const ticketNotFound = () => notFound(EVENT_MESSAGES.ticketNotFound, 'TICKET_NOT_FOUND');

/** What the door looks a ticket up by: its ID when it is one, else its short code when it can be one. */
export function doorKey(typed: string): { id: string } | { shortCode: string } | undefined {
  if (TICKET_ID.test(typed)) return { id: typed };
  const shortCode = ticketCodeOf(typed);
  return shortCode ? { shortCode } : undefined;
}

/** Why `seats` cannot be had of the event: sold out, or too few left (naming how many); else undefined. */
function shortfall(event: repo.EventRecord, seats: number): AppError | undefined {
  if (event.available <= 0) return conflict(EVENT_MESSAGES.soldOut(event.title), 'SOLD_OUT');
  if (event.available < seats) {
    return conflict(EVENT_MESSAGES.notEnoughSeats(event.title, event.available), 'NOT_ENOUGH_SEATS');
  }
  return undefined;
}

function toTicket(record: {
  id: string;
  eventId: string;
  userId: string;
  quantity: number;
  status: Ticket['status'];
  checkedInAt: Date | null;
  shortCode: string;
}): Ticket {
  return {
    id: record.id,
    eventId: record.eventId,
    userId: record.userId,
    quantity: record.quantity,
    status: record.status,
    checkedInAt: record.checkedInAt?.toISOString() ?? null,
    shortCode: record.shortCode,
  };
}

export type SeatHoldRequest = { eventId: string; quantity: number };

export type TicketsService = ReturnType<typeof createTicketsService>;

/**
 * Events' tickets: free claims, seats held for a payment and sold once it succeeds, the buyer's own
 * tickets, and the door. Seats are counted in the database: every sale and hold of an event locks
 * its row first, so two buyers in any two server processes can never take the same last seat; a
 * ticket is checked in by one conditional update, so it is used once.
 */
export function createTicketsService(deps: {
  db: Db;
  mail: Pick<MailService, 'queue'>;
  /** Sokoni's own origin, for the links in tickets' e-mails and calendar entries (read when one is made). */
  siteUrl: () => string;
  /** The events' lists and pages, told when seats change. */
  events: Pick<EventsService, 'seatsChanged'>;
  clock?: Clock;
}) {
  const { db } = deps;
  const { now } = deps.clock ?? systemClock;
  const at = () => new Date(now());
  const listChanged = deps.events.seatsChanged;

  /**
   * Writes the ticket's e-mail into the mail outbox in the transaction that issues the ticket: it goes
   * once that commits, never if it rolls back, and never twice, as a ticket is issued once.
   */
  async function queueTicketMail(tx: Db, ticketId: string): Promise<void> {
    const ticket = await repo.findTicketDetails(tx, ticketId);
    if (!ticket) throw new Error(`ticket ${ticketId} vanished while it was being issued`);
    await deps.mail.queue(tx, await ticketMail(ticket, deps.siteUrl()));
  }

  /** The event locked for a sale, refused when it is unknown (or hidden by moderators) or already over. */
  async function lockForSale(tx: Db, eventId: string): Promise<repo.EventRecord> {
    const event = isUuid(eventId) ? await repo.lockEventForSale(tx, eventId, { at: at() }) : undefined;
    if (!event || event.hiddenAt) throw eventNotFound();
    if (event.cancelledAt) throw conflict(CANCEL_MESSAGES.eventClosed, 'EVENT_CANCELLED');
    if (event.startsAt.getTime() <= now()) throw conflict(EVENT_MESSAGES.eventPast, 'EVENT_PAST');
    return event;
  }

  return {
    /**
     * Tickets of a free event, issued (and mailed) at once: the same seat accounting as a sale, 1 to
     * 10 a claim, and at most FREE_CLAIM_BOUND seats per account per event (fewer for a young
     * account, and for the young accounts of one network together), so nobody empties a free event.
     */
    async claimFree(
      caller: AuthUser,
      eventId: string,
      quantity: number,
      standing: Standing,
    ): Promise<Ticket> {
      return db.transaction(async (tx) => {
        await lockHolder(tx, caller.sub, standing);
        await listChanged(tx);
        // Counted under the claimer's own lock, before the event's row is locked (as for a hold).
        if (isUuid(eventId)) {
          const holder = holderOf(caller.sub, standing, at());
          refuseBeyondClaimBound(standing, quantity, await repo.seatsClaimed(tx, eventId, holder));
        }
        const event = await lockForSale(tx, eventId);
        if (event.priceCents > 0) throw conflict(EVENT_MESSAGES.paidEvent, 'PAID_EVENT');
        const refusal = shortfall(event, quantity);
        if (refusal) throw refusal;
        const ticket = await repo.insertTicket(tx, {
          id: newTicketId(),
          eventId: event.id,
          userId: caller.sub,
          quantity,
          unitPriceCents: 0,
          network: standing.network,
        });
        if (!ticket) throw new Error('insert into tickets returned no row');
        await repo.addSold(tx, event.id, quantity);
        await queueTicketMail(tx, ticket.id);
        return toTicket(ticket);
      });
    },

    /** The caller's latest payment for tickets of the event, when it ended unpaid (#26). */
    async lastUnpaidPayment(caller: AuthUser, eventId: string): Promise<LastTicketPayment> {
      if (!isUuid(eventId)) throw eventNotFound();
      const unpaid = await findLastUnpaidPayment(db, {
        paymentType: 'event',
        subjectId: eventId,
        userId: caller.sub,
      });
      return { unpaid: unpaid ?? null };
    },

    /** The caller's tickets, each with its event, upcoming events first. */
    async listMine(caller: AuthUser): Promise<TicketWithEvent[]> {
      const rows = await repo.findTicketsOfUser(db, caller.sub, at());
      return rows.map((row) => ({ ...toTicket(row.ticket), event: toEvent(row.event) }));
    },

    /**
     * One of the caller's tickets as a calendar file (Add to calendar). Another user's ticket is
     * answered like an unknown one: whether a ticket ID exists is nobody else's business.
     */
    async calendarOf(caller: AuthUser, ticketId: string): Promise<{ fileName: string; calendar: string }> {
      const ticket = requireAccess(
        caller,
        TICKET_ID.test(ticketId) ? await repo.findTicketDetails(db, ticketId) : undefined,
        { ownerOf: (own) => own.userId, notFound: ticketNotFound },
      );
      return {
        fileName: calendarFileName(ticket.event.title),
        calendar: ticketCalendar(ticket, deps.siteUrl()),
      };
    },

    /**
     * Checks a ticket in at the door, by its ID (scanned) or its short code (typed), for its event's
     * organizer only, once: the first scan wins, every later one is told whose ticket it is and when
     * it was let in. Anyone else is answered as for an unknown ticket, so the door is no oracle of
     * which tickets exist. Every scan is logged with its true result, under the ticket's ID once
     * it is found.
     */
    async verify(caller: AuthUser, typed: string): Promise<TicketVerification> {
      const key = doorKey(typed);
      const ticket = key ? await repo.findTicketForDoor(db, key) : undefined;
      const log = (tx: Db, result: repo.ScanResult) =>
        repo.insertScan(tx, {
          ticketId: ticket?.id ?? typed,
          eventId: ticket?.eventId ?? null,
          scannedBy: caller.sub,
          result,
          scannedAt: at(),
        });
      if (!ticket) {
        await log(db, 'not_found');
        throw ticketNotFound();
      }
      if (ticket.organizerId !== caller.sub) {
        await log(db, 'not_organizer');
        throw ticketNotFound();
      }
      // Its event was cancelled and the ticket refunded (#27): nobody is let in on it.
      if (ticket.eventCancelledAt || ticket.status === 'refunded') {
        await log(db, 'refunded');
        throw conflict(CANCEL_MESSAGES.checkInCancelled, 'EVENT_CANCELLED');
      }
      // The event's row first, as sales, edits, cancellations and the door's sync take it, then the
      // ticket's: a cancellation under way is waited for (and seen), never deadlocked with.
      const result = await db.transaction(async (tx): Promise<repo.ScanResult> => {
        const event = await repo.lockEventForDoor(tx, ticket.eventId);
        const outcome: repo.ScanResult = event?.cancelledAt
          ? 'refunded'
          : (await repo.checkIn(tx, ticket.id, caller.sub, at()))
            ? 'checked_in'
            : 'already_checked_in';
        await log(tx, outcome);
        return outcome;
      });
      if (result === 'refunded') throw conflict(CANCEL_MESSAGES.checkInCancelled, 'EVENT_CANCELLED');
      if (result === 'already_checked_in') {
        const used = (await repo.findTicketById(db, ticket.id))?.checkedInAt ?? ticket.checkedInAt;
        throw conflict(
          EVENT_MESSAGES.alreadyCheckedIn(ticket.holderName, used ?? at()),
          'ALREADY_CHECKED_IN',
        );
      }
      return {
        message: EVENT_MESSAGES.verified,
        ticket: {
          user: splitName(ticket.holderName),
          event: { title: ticket.eventTitle },
          quantity: ticket.quantity,
        },
      };
    },

    // ---- the payment engine's side (event-payments.ts) ------------------------------------------

    /**
     * Holds seats for a payment until `until`, in the paying transaction: refused when the event is
     * unknown, over, free (claimed, not paid), short of seats, or when the buyer (or their network's
     * young accounts) would hold more seats unpaid than they may. Answers what is to be paid:
     * the database's price × quantity.
     */
    async holdSeats(
      tx: Db,
      caller: AuthUser,
      request: SeatHoldRequest,
      hold: PaymentHold,
    ): Promise<{ eventId: string; title: string; totalCents: number }> {
      await listChanged(tx);
      // The buyer's holds are counted under their own lock (the engine's) before the event's row is
      // locked: that lock, which every buyer of the event waits on, is held no longer than the sale.
      if (isUuid(request.eventId)) {
        const held = await repo.seatsHeld(tx, request.eventId, holderOf(caller.sub, hold.standing, at()));
        refuseBeyondHoldBounds('seats', hold.standing, {
          subjects: [{ wanted: request.quantity, ...held.subject }],
          total: { wanted: request.quantity, ...held.total },
        });
      }
      const event = await lockForSale(tx, request.eventId);
      if (event.priceCents === 0) throw badRequest(EVENT_MESSAGES.invalidAmount, 'FREE_EVENT');
      const refusal = shortfall(event, request.quantity);
      if (refusal) throw refusal;
      await repo.insertHold(tx, {
        reference: hold.reference,
        eventId: event.id,
        userId: caller.sub,
        quantity: request.quantity,
        unitPriceCents: event.priceCents,
        expiresAt: hold.until,
      });
      return { eventId: event.id, title: event.title, totalCents: event.priceCents * request.quantity };
    },

    /**
     * Issues the one ticket of a paid payment: from its own hold, or, if that lapsed or was given
     * back, from seats still free. 'unavailable' when they are gone (the charge is to be refunded).
     */
    async issuePaidTicket(
      tx: Db,
      reference: string,
    ): Promise<'fulfilled' | 'already_fulfilled' | 'unavailable'> {
      await listChanged(tx);
      const hold = await repo.findHold(tx, reference);
      if (!hold) return 'unavailable';
      const event = await repo.lockEventForSale(tx, hold.eventId, { at: at(), except: reference });
      if (!event) return 'unavailable';
      if (hold.state === 'sold') return 'already_fulfilled';
      // Paid after its event was cancelled: nothing to issue, the charge is given back.
      if (event.cancelledAt) return 'unavailable';
      if (event.available < hold.quantity) return 'unavailable';
      const ticket = await repo.insertTicket(tx, {
        id: newTicketId(),
        eventId: hold.eventId,
        userId: hold.userId,
        quantity: hold.quantity,
        unitPriceCents: hold.unitPriceCents,
        paymentReference: reference,
      });
      if (!ticket) return 'already_fulfilled';
      await repo.addSold(tx, hold.eventId, hold.quantity);
      await repo.endHold(tx, reference, 'sold');
      await queueTicketMail(tx, ticket.id);
      return 'fulfilled';
    },

    /** Gives a payment's held seats back (a no-op for seats already sold or given back). */
    async releaseSeats(tx: Db, reference: string): Promise<void> {
      await listChanged(tx);
      await repo.endHold(tx, reference, 'released');
    },

    /** What the sandbox checkout shows a payment for. */
    async describe(eventId: string): Promise<string> {
      const title = isUuid(eventId) ? await repo.findEventTitle(db, eventId) : undefined;
      return `Tickets: ${title ?? 'an event'}`;
    },
  };
}
