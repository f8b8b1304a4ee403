import { createContext, useContext } from 'react';
import { openDB, type DBSchema } from 'idb';
import type { DoorList } from '@sokoni/contracts/events';

/** A ticket let in on this device while offline, waiting to be sent (POST /events/{id}/check-ins). */
export type PendingCheckIn = { eventId: string; ticketId: string; scannedAt: string };

/** A check-in the server refused at sync, shown under 'Needs attention' until the organizer dismisses it. */
export type DoorFlag = { eventId: string; ticketId: string; holderName: string; message: string };

/**
 * What the door keeps on the device (#29): the events' ticket lists, the check-ins made offline, the
 * flags raised at sync, and the device's own door ID. Stored copies: what goes in is cloned.
 */
export interface DoorStore {
  /** This device's door ID (a random UUID), made the first time it is asked for, then kept. */
  deviceId(): Promise<string>;
  lists(): Promise<DoorList[]>;
  /** Saves an event's list, replacing the one saved before. */
  saveList(list: DoorList): Promise<void>;
  pending(): Promise<PendingCheckIn[]>;
  /** Keeps an offline check-in and the event's list that shows it, together. */
  recordCheckIn(list: DoorList, checkIn: PendingCheckIn): Promise<void>;
  /** Forgets check-ins the server answered. */
  removePending(checkIns: PendingCheckIn[]): Promise<void>;
  flags(): Promise<DoorFlag[]>;
  /** Raises flags; a ticket's new flag replaces its old one. */
  addFlags(flags: DoorFlag[]): Promise<void>;
  dismissFlag(flag: Pick<DoorFlag, 'eventId' | 'ticketId'>): Promise<void>;
}

interface DoorDb extends DBSchema {
  lists: { key: string; value: DoorList };
  pending: { key: [string, string]; value: PendingCheckIn };
  flags: { key: [string, string]; value: DoorFlag };
  device: { key: 'id'; value: string };
}

const ticketKey = (item: Pick<PendingCheckIn, 'eventId' | 'ticketId'>): [string, string] => [
  item.eventId,
  item.ticketId,
];

/** The door's IndexedDB database, 'sokoni-door'. */
async function openIndexedDoorStore(): Promise<DoorStore> {
  const db = await openDB<DoorDb>('sokoni-door', 1, {
    upgrade(database) {
      database.createObjectStore('lists', { keyPath: 'event.id' });
      database.createObjectStore('pending', { keyPath: ['eventId', 'ticketId'] });
      database.createObjectStore('flags', { keyPath: ['eventId', 'ticketId'] });
      database.createObjectStore('device');
    },
  });
  return {
    async deviceId() {
      // One read-write transaction: two first asks at once still make a single ID.
      const tx = db.transaction('device', 'readwrite');
      let id = await tx.store.get('id');
      if (!id) {
        id = crypto.randomUUID();
        await tx.store.put(id, 'id');
      }
      await tx.done;
      return id;
    },
    lists: () => db.getAll('lists'),
    saveList: async (list) => {
      await db.put('lists', list);
    },
    pending: () => db.getAll('pending'),
    async recordCheckIn(list, checkIn) {
      const tx = db.transaction(['lists', 'pending'], 'readwrite');
      await Promise.all([tx.objectStore('lists').put(list), tx.objectStore('pending').put(checkIn), tx.done]);
    },
    async removePending(checkIns) {
      const tx = db.transaction('pending', 'readwrite');
      await Promise.all([...checkIns.map((checkIn) => tx.store.delete(ticketKey(checkIn))), tx.done]);
    },
    flags: () => db.getAll('flags'),
    async addFlags(flags) {
      const tx = db.transaction('flags', 'readwrite');
      await Promise.all([...flags.map((flag) => tx.store.put(flag)), tx.done]);
    },
    dismissFlag: (flag) => db.delete('flags', ticketKey(flag)),
  };
}

/**
 * The same store in memory: where IndexedDB cannot be opened (a browser that refuses it, a test's
 * DOM), the door still works for as long as the page stays open.
 */
export function memoryDoorStore(): DoorStore {
  let device: string | undefined;
  const lists = new Map<string, DoorList>();
  const pending = new Map<string, PendingCheckIn>();
  const flags = new Map<string, DoorFlag>();
  const key = (item: Pick<PendingCheckIn, 'eventId' | 'ticketId'>) => JSON.stringify(ticketKey(item));
  const copies = <T>(map: Map<string, T>) =>
    Promise.resolve([...map.values()].map((value) => structuredClone(value)));
  return {
    deviceId: () => Promise.resolve((device ??= crypto.randomUUID())),
    lists: () => copies(lists),
    saveList: async (list) => {
      lists.set(list.event.id, structuredClone(list));
    },
    pending: () => copies(pending),
    recordCheckIn: async (list, checkIn) => {
      lists.set(list.event.id, structuredClone(list));
      pending.set(key(checkIn), structuredClone(checkIn));
    },
    removePending: async (checkIns) => {
      for (const checkIn of checkIns) pending.delete(key(checkIn));
    },
    flags: () => copies(flags),
    addFlags: async (raised) => {
      for (const flag of raised) flags.set(key(flag), structuredClone(flag));
    },
    dismissFlag: async (flag) => {
      flags.delete(key(flag));
    },
  };
}

let opened: Promise<DoorStore> | undefined;

/**
 * The device's door store, opened once: IndexedDB, or memory where there is none (a test's DOM) or
 * it cannot be opened (said on the console, for whoever supports the organizer).
 */
export function openDoorStore(): Promise<DoorStore> {
  opened ??=
    typeof indexedDB === 'undefined'
      ? Promise.resolve(memoryDoorStore())
      : openIndexedDoorStore().catch((error: unknown) => {
          console.warn('The door list is kept in memory only: IndexedDB could not be opened.', error);
          return memoryDoorStore();
        });
  return opened;
}

/** Where the door's components find the store: the device's, unless a test gives its own. */
export const DoorStoreContext = createContext<() => Promise<DoorStore>>(openDoorStore);

export const useDoorStore = () => useContext(DoorStoreContext);
