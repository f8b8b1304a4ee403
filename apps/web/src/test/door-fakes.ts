import type { DoorList, DoorTicket } from '@sokoni/contracts/events';
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from '@sokoni/contracts/events-rules';

let nextTicket = 1;

/** A ticket of a door list (GET /api/events/{id}/door-list): valid, not checked in, unless told. */
export function buildDoorTicket(overrides: Partial<DoorTicket> = {}): DoorTicket {
  const n = nextTicket++;
  return {
    id: `tkt_${n.toString(16).padStart(32, '0')}`,
    shortCode: Array.from(
      { length: TICKET_CODE_LENGTH },
      (_, i) => TICKET_CODE_ALPHABET[(n * 7 + i * 3) % TICKET_CODE_ALPHABET.length],
    ).join(''),
    holderName: `Holder ${n}`,
    quantity: 1,
    status: 'valid',
    checkedInAt: null,
    checkedInDevice: null,
    ...overrides,
  };
}

/** An event's door list as the API answers it, saved at 18:00 Nairobi time on 20 Nov 2026. */
export function buildDoorList(
  event: Partial<DoorList['event']> & { id: string },
  tickets: DoorTicket[],
  savedAt = '2026-11-20T15:00:00.000Z',
): DoorList {
  return {
    event: {
      title: 'Blankets & Wine',
      date: '2026-11-20T16:00:00.000Z',
      location: 'Ngong Racecourse, Nairobi',
      cancelled: false,
      ...event,
    },
    tickets,
    savedAt,
  };
}
