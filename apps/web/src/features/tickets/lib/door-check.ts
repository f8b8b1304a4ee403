import type { DoorList, DoorTicket, TicketVerification } from '@sokoni/contracts/events';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellation-rules';
import { EVENT_MESSAGES, splitName, ticketCodeOf } from '@sokoni/contracts/events-rules';
import type { DoorStore } from './door-store';

/** The door's answer about a ticket: let in (green) or refused (red) with why. */
export type DoorVerdict =
  | { verified: true; verification: TicketVerification; savedOffline: boolean }
  | { verified: false; message: string };

/** A ticket found on a saved list, with its list. */
function findOnLists(lists: DoorList[], typed: string): { list: DoorList; ticket: DoorTicket } | null {
  const id = typed.trim();
  const code = ticketCodeOf(id);
  for (const list of lists) {
    const ticket = list.tickets.find((each) => each.id === id || (code !== null && each.shortCode === code));
    if (ticket) return { list, ticket };
  }
  return null;
}

/**
 * Checks a ticket in against the lists saved on the device, as the server would online: unknown,
 * refunded (or its event cancelled) and already let in are refused; otherwise it is let in here, kept
 * to be sent when the network returns, and marked on its list. Null when no list is saved: the
 * device cannot tell.
 */
export async function checkInOnDevice(
  store: DoorStore,
  typed: string,
  now: Date,
): Promise<DoorVerdict | null> {
  const lists = await store.lists();
  if (!lists.length) return null;
  const found = findOnLists(lists, typed);
  if (!found) return { verified: false, message: EVENT_MESSAGES.ticketNotFound };
  const { list, ticket } = found;
  if (list.event.cancelled || ticket.status === 'refunded') {
    return { verified: false, message: CANCEL_MESSAGES.checkInCancelled };
  }
  // The list shows this device's own check-ins too; a waiting one is looked at as well, in case a
  // fresh list replaced the marked one before it was sent.
  const waiting = (await store.pending()).find(
    (checkIn) => checkIn.eventId === list.event.id && checkIn.ticketId === ticket.id,
  );
  const checkedInAt = ticket.checkedInAt ?? waiting?.scannedAt;
  if (checkedInAt) {
    return { verified: false, message: EVENT_MESSAGES.alreadyCheckedIn(ticket.holderName, checkedInAt) };
  }
  const deviceId = await store.deviceId();
  const scannedAt = now.toISOString();
  await store.recordCheckIn(
    {
      ...list,
      tickets: list.tickets.map((each) =>
        each.id === ticket.id ? { ...each, checkedInAt: scannedAt, checkedInDevice: deviceId } : each,
      ),
    },
    { eventId: list.event.id, ticketId: ticket.id, scannedAt },
  );
  return {
    verified: true,
    savedOffline: true,
    verification: {
      message: EVENT_MESSAGES.verified,
      ticket: {
        user: splitName(ticket.holderName),
        event: { title: list.event.title },
        quantity: ticket.quantity,
      },
    },
  };
}
