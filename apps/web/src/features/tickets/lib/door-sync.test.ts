import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CheckInOutcome, CheckInSyncInput, DoorList } from '@sokoni/contracts/events';
import { CHECK_INS_PER_SYNC, DOOR_MESSAGES } from '@sokoni/contracts/events-rules';
import { buildDoorList, buildDoorTicket } from '@/test/door-fakes';
import { server } from '@/test/server';
import { checkInOnDevice } from './door-check';
import { type DoorStore, memoryDoorStore } from './door-store';
import { syncDoor } from './door-sync';

const AT_1902 = '2026-11-20T16:02:00.000Z';
const SCANNED = new Date('2026-11-20T16:05:00.000Z');

/**
 * The server's side of the door: POST check-ins answers each with `outcome(ticketId)` (checked in
 * unless told), and the door list is `lists[eventId]`. The bodies posted are kept.
 */
function serveDoor(
  lists: Record<string, DoorList>,
  outcome: (ticketId: string) => Partial<CheckInOutcome> = () => ({}),
) {
  const posted: { eventId: string; body: CheckInSyncInput }[] = [];
  server.use(
    http.post('/api/events/:id/check-ins', async ({ params, request }) => {
      const body = (await request.json()) as CheckInSyncInput;
      posted.push({ eventId: String(params.id), body });
      return HttpResponse.json({
        outcomes: body.checkIns.map(({ ticketId, scannedAt }) => ({
          ticketId,
          outcome: 'checked_in',
          checkedInAt: scannedAt,
          message: 'Ticket verified successfully',
          ...outcome(ticketId),
        })),
      });
    }),
    http.get('/api/events/:id/door-list', ({ params }) => HttpResponse.json(lists[String(params.id)])),
  );
  return posted;
}

/** A store holding `list`, with each of `typed` checked in on the device. */
async function checkedInOffline(list: DoorList, typed: string[]): Promise<DoorStore> {
  const store = memoryDoorStore();
  await store.saveList(list);
  for (const code of typed) await checkInOnDevice(store, code, SCANNED);
  return store;
}

describe('syncing the door', () => {
  it(`sends each event's waiting check-ins with the device ID, at most ${CHECK_INS_PER_SYNC} a request, forgets them and saves the fresh list`, async () => {
    const list = buildDoorList({ id: 'ev-1' }, [buildDoorTicket()]);
    const store = memoryDoorStore();
    for (let i = 0; i <= CHECK_INS_PER_SYNC; i += 1) {
      await store.recordCheckIn(list, {
        eventId: 'ev-1',
        ticketId: `tkt_${i}`,
        scannedAt: SCANNED.toISOString(),
      });
    }
    const other = buildDoorTicket();
    await store.saveList(buildDoorList({ id: 'ev-2' }, [other]));
    await checkInOnDevice(store, other.id, SCANNED);
    const fresh = buildDoorList({ id: 'ev-1' }, list.tickets, '2026-11-20T17:00:00.000Z');
    const posted = serveDoor({ 'ev-1': fresh, 'ev-2': buildDoorList({ id: 'ev-2' }, [other]) });

    expect(await syncDoor(store)).toBe(CHECK_INS_PER_SYNC + 2);

    expect(posted.map(({ eventId, body }) => [eventId, body.checkIns.length])).toEqual([
      ['ev-1', CHECK_INS_PER_SYNC],
      ['ev-1', 1],
      ['ev-2', 1],
    ]);
    expect(new Set(posted.map(({ body }) => body.deviceId))).toEqual(new Set([await store.deviceId()]));
    expect(posted[2]!.body.checkIns).toEqual([{ ticketId: other.id, scannedAt: SCANNED.toISOString() }]);
    expect(await store.pending()).toEqual([]);
    expect((await store.lists()).find((list) => list.event.id === 'ev-1')).toEqual(fresh);
    expect(await store.flags()).toEqual([]);
    expect(DOOR_MESSAGES.synced(3)).toBe('3 check-ins sent.');
  });

  it('flags a check-in another device made first and one refunded since, with the holder and the reason', async () => {
    const [kept, elsewhere, refunded] = [
      buildDoorTicket({ holderName: 'Amina' }),
      buildDoorTicket({ holderName: 'Baraka' }),
      buildDoorTicket({ holderName: 'Chebet' }),
    ];
    const list = buildDoorList({ id: 'ev-1' }, [kept, elsewhere, refunded]);
    const store = await checkedInOffline(list, [kept.id, elsewhere.id, refunded.id]);
    serveDoor({ 'ev-1': list }, (ticketId) => {
      if (ticketId === elsewhere.id) {
        return {
          outcome: 'already_checked_in',
          checkedInAt: AT_1902,
          message: DOOR_MESSAGES.elsewhere(AT_1902),
        };
      }
      if (ticketId === refunded.id) {
        return { outcome: 'refunded', checkedInAt: null, message: DOOR_MESSAGES.refundedSince('Chebet') };
      }
      return {};
    });

    expect(await syncDoor(store)).toBe(3);

    expect(await store.flags()).toEqual([
      {
        eventId: 'ev-1',
        ticketId: elsewhere.id,
        holderName: 'Baraka',
        message: DOOR_MESSAGES.elsewhere(AT_1902),
      },
      {
        eventId: 'ev-1',
        ticketId: refunded.id,
        holderName: 'Chebet',
        message: DOOR_MESSAGES.refundedSince('Chebet'),
      },
    ]);
    expect(DOOR_MESSAGES.elsewhere(AT_1902)).toBe('Already checked in at 19:02 on another device');
    expect(await store.pending()).toEqual([]);

    await store.dismissFlag({ eventId: 'ev-1', ticketId: elsewhere.id });
    expect((await store.flags()).map((flag) => flag.holderName)).toEqual(['Chebet']);
  });

  it("flags a ticket this device had let in that the fresh list gives to another device's earlier scan", async () => {
    const store = memoryDoorStore();
    const deviceId = await store.deviceId();
    const ours = buildDoorTicket({
      holderName: 'Amina',
      checkedInAt: SCANNED.toISOString(),
      checkedInDevice: deviceId,
    });
    const next = buildDoorTicket({ holderName: 'Baraka' });
    await store.saveList(buildDoorList({ id: 'ev-1' }, [ours, next]));
    await checkInOnDevice(store, next.id, SCANNED);
    const takenOver = { ...ours, checkedInAt: AT_1902, checkedInDevice: crypto.randomUUID() };
    serveDoor({ 'ev-1': buildDoorList({ id: 'ev-1' }, [takenOver, next]) });

    await syncDoor(store);

    expect(await store.flags()).toEqual([
      { eventId: 'ev-1', ticketId: ours.id, holderName: 'Amina', message: DOOR_MESSAGES.elsewhere(AT_1902) },
    ]);
  });

  it('keeps every check-in after a failed sync, and sends them at the next', async () => {
    const ticket = buildDoorTicket();
    const list = buildDoorList({ id: 'ev-1' }, [ticket]);
    const store = await checkedInOffline(list, [ticket.id]);
    server.use(http.post('/api/events/:id/check-ins', () => HttpResponse.error(), { once: true }));

    await expect(syncDoor(store)).rejects.toThrow(TypeError);
    expect(await store.pending()).toHaveLength(1);

    serveDoor({ 'ev-1': list });
    expect(await syncDoor(store)).toBe(1);
    expect(await store.pending()).toEqual([]);
  });

  it('runs one sync at a time: asked twice at once, it sends each check-in once', async () => {
    const ticket = buildDoorTicket();
    const list = buildDoorList({ id: 'ev-1' }, [ticket]);
    const store = await checkedInOffline(list, [ticket.id]);
    const posted = serveDoor({ 'ev-1': list });

    expect(await Promise.all([syncDoor(store), syncDoor(store)])).toEqual([1, 1]);
    expect(posted).toHaveLength(1);
  });
});
