import { describe, expect, it } from 'vitest';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellation-rules';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { buildDoorList, buildDoorTicket } from '@/test/door-fakes';
import { checkInOnDevice } from './door-check';
import { memoryDoorStore } from './door-store';

const NOW = new Date('2026-11-20T16:02:00.000Z'); // 19:02 in Nairobi
const LATER = new Date('2026-11-20T16:30:00.000Z');

async function storeWith(...lists: ReturnType<typeof buildDoorList>[]) {
  const store = memoryDoorStore();
  for (const list of lists) await store.saveList(list);
  return store;
}

describe('checking a ticket in on the device (offline)', () => {
  it('lets a ticket in by its short code (any case, spaced) or its ID, keeps the check-in and marks the list', async () => {
    const amina = buildDoorTicket({ shortCode: 'K7QM4XPT', holderName: 'Amina Wanjiku Hassan', quantity: 2 });
    const otieno = buildDoorTicket({ holderName: 'Otieno' });
    const store = await storeWith(
      buildDoorList({ id: 'ev-other' }, [buildDoorTicket()]),
      buildDoorList({ id: 'ev-1', title: 'Sauti Sol Live' }, [amina, otieno]),
    );
    const deviceId = await store.deviceId();

    expect(await checkInOnDevice(store, ' k7qm 4xpt ', NOW)).toEqual({
      verified: true,
      savedOffline: true,
      verification: {
        message: EVENT_MESSAGES.verified,
        ticket: {
          user: { firstName: 'Amina', lastName: 'Wanjiku Hassan' },
          event: { title: 'Sauti Sol Live' },
          quantity: 2,
        },
      },
    });
    expect(await checkInOnDevice(store, otieno.id, NOW)).toMatchObject({ verified: true });

    expect(await store.pending()).toEqual([
      { eventId: 'ev-1', ticketId: amina.id, scannedAt: NOW.toISOString() },
      { eventId: 'ev-1', ticketId: otieno.id, scannedAt: NOW.toISOString() },
    ]);
    const saved = (await store.lists()).find((list) => list.event.id === 'ev-1')!;
    expect(saved.tickets.map((ticket) => [ticket.checkedInAt, ticket.checkedInDevice])).toEqual([
      [NOW.toISOString(), deviceId],
      [NOW.toISOString(), deviceId],
    ]);
  });

  it('refuses a ticket already let in: on this device, on the list, or waiting after a fresh list came', async () => {
    const holder = buildDoorTicket({ holderName: 'Amina Wanjiku' });
    const online = buildDoorTicket({ holderName: 'Baraka', checkedInAt: '2026-11-20T15:42:00.000Z' });
    const store = await storeWith(buildDoorList({ id: 'ev-1' }, [holder, online]));

    await checkInOnDevice(store, holder.shortCode, NOW);
    expect(await checkInOnDevice(store, holder.id, LATER)).toEqual({
      verified: false,
      message: EVENT_MESSAGES.alreadyCheckedIn('Amina Wanjiku', NOW),
    });
    expect(EVENT_MESSAGES.alreadyCheckedIn('Amina Wanjiku', NOW)).toBe(
      "Already checked in: Amina Wanjiku's ticket, at 19:02 on 20 Nov",
    );
    expect(await checkInOnDevice(store, online.shortCode, NOW)).toEqual({
      verified: false,
      message: EVENT_MESSAGES.alreadyCheckedIn('Baraka', '2026-11-20T15:42:00.000Z'),
    });

    // A fresh list, downloaded before the check-in was sent, does not show it: the waiting one counts.
    await store.saveList(buildDoorList({ id: 'ev-1' }, [holder, online]));
    expect(await checkInOnDevice(store, holder.shortCode, LATER)).toEqual({
      verified: false,
      message: EVENT_MESSAGES.alreadyCheckedIn('Amina Wanjiku', NOW),
    });
    expect(await store.pending()).toHaveLength(1);
  });

  it('refuses a refunded ticket and every ticket of a cancelled event, with the words the door uses online', async () => {
    const refunded = buildDoorTicket({ status: 'refunded' });
    const ofCancelled = buildDoorTicket();
    const store = await storeWith(
      buildDoorList({ id: 'ev-1' }, [refunded]),
      buildDoorList({ id: 'ev-2', cancelled: true }, [ofCancelled]),
    );

    for (const ticket of [refunded, ofCancelled]) {
      expect(await checkInOnDevice(store, ticket.shortCode, NOW)).toEqual({
        verified: false,
        message: CANCEL_MESSAGES.checkInCancelled,
      });
    }
    expect(CANCEL_MESSAGES.checkInCancelled).toBe(
      'This event was cancelled. Tickets are refunded and cannot be used.',
    );
    expect(await store.pending()).toEqual([]);
  });

  it('says Ticket not found for a code on no saved list, and cannot tell with no list saved', async () => {
    const store = await storeWith(
      buildDoorList({ id: 'ev-1' }, [buildDoorTicket({ shortCode: 'K7QM4XPT' })]),
    );

    expect(await checkInOnDevice(store, 'K7QM4XPA', NOW)).toEqual({
      verified: false,
      message: 'Ticket not found',
    });
    expect(await checkInOnDevice(memoryDoorStore(), 'K7QM4XPT', NOW)).toBeNull();
  });
});
