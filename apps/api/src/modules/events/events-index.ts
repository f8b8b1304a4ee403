import type { EventFilters } from '@sokoni/contracts/events';
import type { Db } from '../../db/client.js';
import {
  answersFilters,
  createMemoryIndex,
  firstNotBefore,
  idOrder,
  orderedSets,
} from '../../lib/memory-index.js';
import { findEventListingRows, type EventListingRow } from './events.repository.js';

/**
 * The events list's order held in the server's memory (docs/decisions/0014): every event's start and
 * category, soonest first. A page the page cache misses is chosen and counted here; only its own
 * events are read, and those mostly from the events kept as answers. Kept true to the database as
 * every memory index is (lib/memory-index.ts). A search (`q`) stays with the database and its
 * trigram index.
 */

export type IndexedEventFilters = Omit<EventFilters, 'q'>;
const answered = answersFilters<EventFilters>({
  q: false,
  category: true,
  past: true,
  limit: true,
  offset: true,
});
/** Whether the index answers these filters: all but search, which the database's index answers. */
export const isIndexed = (filters: EventFilters): filters is IndexedEventFilters & EventFilters =>
  answered(filters);

type Entry = EventListingRow;

/** starts_at asc, id asc: upcoming events, as the database orders them. */
const soonestFirst = (a: Entry, b: Entry) => a.startsMicros - b.startsMicros || idOrder(a, b);
/** starts_at desc, id asc: past events, as the database orders them. */
const latestFirst = (a: Entry, b: Entry) => b.startsMicros - a.startsMicros || idOrder(a, b);
const sets = orderedSets(
  { soonest: soonestFirst, latest: latestFirst },
  { groupOf: (entry) => entry.category },
);

export function createEventsIndex(db: Db, now: () => number) {
  const index = createMemoryIndex({ now, read: (ids?: string[]) => findEventListingRows(db, ids), ...sets });
  return {
    /** The cache bus's forget: one event changed (by id), or anything may have. */
    forget: index.forget,

    /**
     * The ids of one page of the list at `at` — upcoming events soonest first, then (asked) past ones
     * latest first — and how many events it has in all: both read off the orders, nothing walked.
     */
    async page(filters: IndexedEventFilters, at: Date): Promise<{ ids: string[]; total: number }> {
      const { all, byCategory } = await index.current();
      const set = filters.category ? (byCategory.get(filters.category) ?? sets.sorted([])) : all;
      const moment = at.getTime() * 1000;
      const { soonest, latest } = set;
      const firstUpcoming = firstNotBefore(soonest, (entry) => entry.startsMicros < moment);
      const firstPast = firstNotBefore(latest, (entry) => entry.startsMicros >= moment);
      const upcoming = soonest.length - firstUpcoming;
      const total = upcoming + (filters.past ? latest.length - firstPast : 0);
      const ids: string[] = [];
      for (let k = filters.offset; k < Math.min(total, filters.offset + filters.limit); k += 1) {
        ids.push(k < upcoming ? soonest[firstUpcoming + k]!.id : latest[firstPast + k - upcoming]!.id);
      }
      return { ids, total };
    },
  };
}
