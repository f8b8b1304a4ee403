import type { DoorList } from '@sokoni/contracts/events';
import { CHECK_INS_PER_SYNC, DOOR_MESSAGES } from '@sokoni/contracts/events-rules';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { getDoorList } from '../api/get-door-list';
import { syncCheckIns } from '../api/sync-check-ins';
import type { DoorFlag, DoorStore, PendingCheckIn } from './door-store';

/**
 * Downloads the event's list and saves it in place of the one saved before. A ticket this device
 * had let in that the fresh list gives to another device is flagged: an earlier scan (another
 * device's, or the door online) took it, sent before ours or after.
 */
async function refreshDoorList(store: DoorStore, eventId: string): Promise<void> {
  const [fresh, deviceId, saved] = await Promise.all([getDoorList(eventId), store.deviceId(), store.lists()]);
  const before = saved.find((list) => list.event.id === eventId);
  const ours = new Set(
    before?.tickets.filter((ticket) => ticket.checkedInDevice === deviceId).map((ticket) => ticket.id),
  );
  const takenOver: DoorFlag[] = fresh.tickets.flatMap((ticket) =>
    ours.has(ticket.id) && ticket.checkedInAt && ticket.checkedInDevice !== deviceId
      ? [
          {
            eventId,
            ticketId: ticket.id,
            holderName: ticket.holderName,
            message: DOOR_MESSAGES.elsewhere(ticket.checkedInAt),
          },
        ]
      : [],
  );
  await store.saveList(fresh);
  if (takenOver.length) await store.addFlags(takenOver);
}

let wasmFetched = false;

/**
 * 'Get ready for the door': the event's list saved on the device, and the scanner's QR engine
 * fetched once so the service worker holds it for scanning offline (the scanner asks for it only
 * when the camera opens, which may be offline).
 */
export async function getReadyForDoor(store: DoorStore, eventId: string): Promise<void> {
  await refreshDoorList(store, eventId);
  if (!wasmFetched) {
    wasmFetched = true;
    // A warm-up only: offline scanning then works, and without it typed codes still do.
    void fetch(wasmUrl).catch(() => undefined);
  }
}

/**
 * Sends one event's waiting check-ins, at most CHECK_INS_PER_SYNC a request; the server's refusals
 * become flags. A check-in is forgotten only once answered.
 */
async function sendEventCheckIns(
  store: DoorStore,
  deviceId: string,
  list: DoorList | undefined,
  waiting: PendingCheckIn[],
): Promise<void> {
  for (let start = 0; start < waiting.length; start += CHECK_INS_PER_SYNC) {
    const batch = waiting.slice(start, start + CHECK_INS_PER_SYNC);
    const eventId = batch[0]!.eventId;
    const { outcomes } = await syncCheckIns(eventId, {
      deviceId,
      checkIns: batch.map(({ ticketId, scannedAt }) => ({ ticketId, scannedAt })),
    });
    const refused: DoorFlag[] = outcomes
      .filter((outcome) => outcome.outcome !== 'checked_in')
      .map((outcome) => ({
        eventId,
        ticketId: outcome.ticketId,
        holderName: list?.tickets.find((ticket) => ticket.id === outcome.ticketId)?.holderName ?? '',
        message: outcome.message,
      }));
    if (refused.length) await store.addFlags(refused);
    await store.removePending(batch);
  }
}

/**
 * Sends every waiting check-in, event by event, and downloads each event's list afresh; after a
 * failure, the check-ins not answered wait for the next sync. Answers how many were sent.
 */
async function sendWaitingCheckIns(store: DoorStore): Promise<number> {
  const [waiting, lists, deviceId] = await Promise.all([store.pending(), store.lists(), store.deviceId()]);
  let sent = 0;
  for (const eventId of new Set(waiting.map((checkIn) => checkIn.eventId))) {
    const list = lists.find((saved) => saved.event.id === eventId);
    const ofEvent = waiting.filter((checkIn) => checkIn.eventId === eventId);
    await sendEventCheckIns(store, deviceId, list, ofEvent);
    sent += ofEvent.length;
    await refreshDoorList(store, eventId);
  }
  return sent;
}

const running = new WeakMap<DoorStore, Promise<number>>();

/** Syncs the door's check-ins; asked again while a sync runs, it answers that one (never two at once). */
export function syncDoor(store: DoorStore): Promise<number> {
  let sync = running.get(store);
  if (!sync) {
    sync = sendWaitingCheckIns(store).finally(() => running.delete(store));
    running.set(store, sync);
  }
  return sync;
}
