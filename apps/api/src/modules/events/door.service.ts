import type { CheckInOutcome, CheckInSyncInput, CheckInSyncResult, DoorList } from '@sokoni/contracts/events';
import { DOOR_MESSAGES, EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import type { Db } from '../../db/client.js';
import { requireAccess } from '../../lib/access.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/tokens.js';
import * as repo from './events.repository.js';
import { organizerAccess } from './events.service.js';
import { doorKey } from './tickets.service.js';

/** What a door device is told of one of its offline check-ins, but for the ID it sent. */
type DoorAnswer = Omit<CheckInOutcome, 'ticketId'>;

const notFound: DoorAnswer = {
  outcome: 'not_found',
  checkedInAt: null,
  message: EVENT_MESSAGES.ticketNotFound,
};
const checkedIn = (at: Date): DoorAnswer => ({
  outcome: 'checked_in',
  checkedInAt: at.toISOString(),
  message: EVENT_MESSAGES.verified,
});

/**
 * When an offline scan is taken to have happened: the device's time, but never before what was
 * scanned existed (the ticket, or for an unknown one the event: a device whose clock is behind would
 * otherwise win every ticket it scans) nor after now.
 */
const scanTime = (sent: string, since: Date, now: number): Date =>
  new Date(Math.min(Math.max(Date.parse(sent), since.getTime()), now));

/**
 * Settles one offline scan of a ticket, in `tx`: with the ticket's row locked, it reads the ticket's
 * latest check-in, and what it writes is the only change made to it meanwhile.
 */
async function settleScan(
  tx: Db,
  ticket: { id: string; eventId: string; holderName: string },
  scan: { scannedAt: Date; by: string; device: string },
): Promise<DoorAnswer> {
  // One short transaction per ticket (not the batch's tickets at once, which would keep them all
  // locked while the door online waits to scan one), locking the event's row, shared, before the
  // ticket's: the order of a sale, an edit and a cancellation (the event's row, then its tickets), so
  // none of them, nor another sync, deadlocks with it. The scan's log refers to the event, and takes
  // that shared lock anyway.
  const event = await repo.lockEventForDoor(tx, ticket.eventId);
  const current = await repo.lockTicketForDoor(tx, ticket.id);
  if (!event || !current) throw new Error(`ticket ${ticket.id} vanished while it was checked in`);
  if (event.cancelledAt || current.status === 'refunded') {
    return {
      outcome: 'refunded',
      checkedInAt: null,
      message: DOOR_MESSAGES.refundedSince(ticket.holderName),
    };
  }
  // This device's own check-in sent again (a retried sync, or the ticket twice in one batch): told
  // it again, as it stands.
  if (current.checkedInAt && current.checkedInDevice === scan.device) return checkedIn(current.checkedInAt);
  // Another device, or the door online, let it in earlier (or at the same moment): that one stands.
  if (current.checkedInAt && current.checkedInAt <= scan.scannedAt) {
    return {
      outcome: 'already_checked_in',
      checkedInAt: current.checkedInAt.toISOString(),
      message: DOOR_MESSAGES.elsewhere(current.checkedInAt),
    };
  }
  await repo.setCheckIn(tx, ticket.id, { at: scan.scannedAt, by: scan.by, device: scan.device });
  return checkedIn(scan.scannedAt);
}

export type DoorService = ReturnType<typeof createDoorService>;

/**
 * The door scanner offline (#29): the list of an event's tickets a door device saves, and the
 * check-ins it made offline, synced when the network returns. The door online is tickets.service.ts'
 * `verify`. Either way a ticket has one check-in: a synced scan earlier than it takes it over.
 */
export function createDoorService(deps: { db: Db; clock?: Clock }) {
  const { db } = deps;
  const { now } = deps.clock ?? systemClock;

  return {
    /**
     * What a door device saves to check the event's tickets offline, for its organizer only: every
     * ticket, refunded ones too so the device can say so, and when the list was read.
     */
    async list(caller: AuthUser, eventId: string): Promise<DoorList> {
      const savedAt = new Date(now());
      const event = requireAccess(
        caller,
        isUuid(eventId) ? await repo.findDoorEvent(db, eventId) : undefined,
        organizerAccess,
      );
      const tickets = await repo.findDoorTickets(db, event.id);
      return {
        event: {
          id: event.id,
          title: event.title,
          date: event.startsAt.toISOString(),
          location: event.location,
          cancelled: event.cancelledAt !== null,
        },
        tickets: tickets.map((ticket) => ({
          ...ticket,
          checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
        })),
        savedAt: savedAt.toISOString(),
      };
    },

    /**
     * A door device's offline check-ins of the event, for its organizer only, each answered in the
     * order sent. A ticket's earliest scan wins, whichever device (or the door online) made it and
     * whichever is synced first; a device sending its own check-ins again is told them again; a
     * ticket refunded since the list was saved is refused. Every scan is logged with its device.
     */
    async sync(caller: AuthUser, eventId: string, input: CheckInSyncInput): Promise<CheckInSyncResult> {
      const event = requireAccess(
        caller,
        isUuid(eventId) ? await repo.findDoorEvent(db, eventId) : undefined,
        organizerAccess,
      );
      const keys = input.checkIns.map((checkIn) => doorKey(checkIn.ticketId));
      const found = await repo.findEventTicketsByKeys(db, event.id, {
        ids: keys.flatMap((key) => (key && 'id' in key ? [key.id] : [])),
        shortCodes: keys.flatMap((key) => (key && 'shortCode' in key ? [key.shortCode] : [])),
      });
      const byKey = new Map(
        found.flatMap((ticket) => [[ticket.id, ticket] as const, [ticket.shortCode, ticket] as const]),
      );
      const log = (tx: Db, ticketId: string, result: repo.ScanResult, scannedAt: Date) =>
        repo.insertScan(tx, {
          ticketId,
          eventId: event.id,
          scannedBy: caller.sub,
          device: input.deviceId,
          result,
          scannedAt,
        });
      async function answer(
        checkIn: CheckInSyncInput['checkIns'][number],
        index: number,
      ): Promise<DoorAnswer> {
        const key = keys[index];
        const ticket = key && byKey.get('id' in key ? key.id : key.shortCode);
        if (!ticket) {
          await log(db, checkIn.ticketId, 'not_found', scanTime(checkIn.scannedAt, event.createdAt, now()));
          return notFound;
        }
        const scannedAt = scanTime(checkIn.scannedAt, ticket.issuedAt, now());
        return db.transaction(async (tx) => {
          const outcome = await settleScan(tx, ticket, { scannedAt, by: caller.sub, device: input.deviceId });
          await log(tx, ticket.id, outcome.outcome, scannedAt);
          return outcome;
        });
      }

      const outcomes: CheckInOutcome[] = [];
      for (const [index, checkIn] of input.checkIns.entries()) {
        outcomes.push({ ticketId: checkIn.ticketId, ...(await answer(checkIn, index)) });
      }
      return { outcomes };
    },
  };
}
