import { STAY_AMENITIES } from '@sokoni/contracts/stays-rules';
import type { StayFilters } from '@sokoni/contracts/stays';
import type { Db } from '../../db/client.js';
import {
  answersFilters,
  columnsOf,
  createMemoryIndex,
  firstNotBefore,
  idOrder,
  orderedSets,
} from '../../lib/memory-index.js';
import { findStayListingRows, type StayListingRow } from './stays.repository.js';

/**
 * The stays list held in the server's memory (docs/decisions/0014): every stay's price, amenities,
 * guests, host, age and rating, and the nights its confirmed bookings, blocked dates and holds take.
 * A page the page cache misses — new dates, amenities or a price — is chosen and counted here, a
 * hold counting until its time as in the database; only the page's own stays are read, and those
 * mostly from the stays kept as answers. Kept true to the database as every memory index is
 * (lib/memory-index.ts): a booking, hold, block or review tells its stay's id. A search (`q`) stays
 * with the database and its trigram index.
 */

export type IndexedStayFilters = Omit<StayFilters, 'q'>;
const answered = answersFilters<StayFilters>({
  q: false,
  minPrice: true,
  maxPrice: true,
  amenities: true,
  guests: true,
  from: true,
  to: true,
  sort: true,
  host: true,
  limit: true,
  offset: true,
});
/** Whether the index answers these filters: all but search, which the database's index answers. */
export const isIndexed = (filters: StayFilters): filters is IndexedStayFilters & StayFilters =>
  answered(filters);

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

type Entry = {
  id: string;
  priceCents: number;
  /** One bit per amenity, by its place in the contract's list. */
  amenities: number;
  guests: number;
  hostId: string;
  createdMicros: number;
  ratingSum: number;
  reviewCount: number;
  /** Each claim's nights [first, last + 1) as day numbers, and until when it holds them (µs). */
  takenFrom: Int32Array;
  takenUntil: Int32Array;
  heldUntil: Float64Array;
};

const amenityBits = (amenities: readonly string[]) =>
  amenities.reduce((bits, amenity) => bits | (1 << STAY_AMENITIES.indexOf(amenity as never)), 0);

function entryOf(row: StayListingRow): Entry {
  // By first night: the claims never overlap (the exclusion constraint), so they end in that order too.
  const { from, nights, heldUntil } = row.taken;
  return {
    id: row.id,
    priceCents: row.priceCents,
    amenities: amenityBits(row.amenities.filter((amenity) => STAY_AMENITIES.includes(amenity as never))),
    guests: row.guests,
    hostId: row.hostId,
    createdMicros: row.createdMicros,
    ratingSum: row.ratingSum,
    reviewCount: row.reviewCount,
    takenFrom: Int32Array.from(from),
    takenUntil: Int32Array.from(from, (first, i) => first + nights[i]!),
    heldUntil: Float64Array.from(heldUntil, (until) => (until === null ? Infinity : Number(until))),
  };
}

/** created_at desc, id desc. */
const newestFirst = (a: Entry, b: Entry) => b.createdMicros - a.createdMicros || idOrder(b, a);
/** price asc, id asc; read backwards it is price desc, id desc. */
const cheapestFirst = (a: Entry, b: Entry) => a.priceCents - b.priceCents || idOrder(a, b);
/**
 * Rated stays first, by their mean rating (compared exactly, as fractions), then by how many
 * reviews; unrated stays after; then by id — the database's order.
 */
const bestRated = (a: Entry, b: Entry) =>
  Number(a.reviewCount === 0) - Number(b.reviewCount === 0) ||
  b.ratingSum * a.reviewCount - a.ratingSum * b.reviewCount ||
  b.reviewCount - a.reviewCount ||
  idOrder(a, b);
/**
 * What every page's loop reads, side by side in the list's order: the cheap tests first, then the
 * claims on each stay's nights, all stays' one after another (stay i's from firstClaim[i] to
 * firstClaim[i + 1]), by first night.
 */
type Columns = {
  cents: Float64Array;
  amenities: Int32Array;
  guests: Int32Array;
  firstClaim: Int32Array;
  claimFrom: Int32Array;
  claimUntil: Int32Array;
  claimHeld: Float64Array;
};
const columns = columnsOf<Entry, Columns>((list) => {
  const firstClaim = new Int32Array(list.length + 1);
  list.forEach((entry, i) => (firstClaim[i + 1] = firstClaim[i]! + entry.takenFrom.length));
  const claims = firstClaim[list.length]!;
  const made: Columns = {
    cents: Float64Array.from(list, (entry) => entry.priceCents),
    amenities: Int32Array.from(list, (entry) => entry.amenities),
    guests: Int32Array.from(list, (entry) => entry.guests),
    firstClaim,
    claimFrom: new Int32Array(claims),
    claimUntil: new Int32Array(claims),
    claimHeld: new Float64Array(claims),
  };
  list.forEach((entry, i) => {
    made.claimFrom.set(entry.takenFrom, firstClaim[i]);
    made.claimUntil.set(entry.takenUntil, firstClaim[i]);
    made.claimHeld.set(entry.heldUntil, firstClaim[i]);
  });
  return made;
});
const sets = orderedSets(
  { newest: newestFirst, cheapest: cheapestFirst, rated: bestRated },
  { changed: columns.forget },
);

/**
 * True when none of the claims of the stay at position `i` takes a night of [from, until) at
 * `micros`: from its first claim that ends after `from` (found by halving; claims never overlap, so
 * they end in the order they start), while claims start before `until`. `lapses` is told the time of
 * each live hold met, after which the answer may change.
 */
function isFree(
  columns: Columns,
  i: number,
  from: number,
  until: number,
  micros: number,
  lapses: (heldUntil: number) => void,
): boolean {
  const { firstClaim, claimFrom, claimUntil, claimHeld } = columns;
  let low = firstClaim[i]!;
  let high = firstClaim[i + 1]!;
  const end = high;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (claimUntil[middle]! <= from) low = middle + 1;
    else high = middle;
  }
  for (let claim = low; claim < end && claimFrom[claim]! < until; claim += 1) {
    if (claimHeld[claim]! > micros) {
      lapses(claimHeld[claim]!);
      return false;
    }
  }
  return true;
}

/**
 * Which stays of a list have every night of a range free (1) or not (0), by position, from `since`
 * until `until` (µs): the first time a live hold on those nights lapses, or never.
 */
type FreeNights = { free: Uint8Array; since: number; until: number };

/** How many ranges of nights each list keeps the answer for: searches for the same dates share it. */
const RANGES_KEPT = 64;
const freeNightsKept = new WeakMap<Columns, Map<string, FreeNights>>();

/**
 * The stays of a list with every night of [from, until) free at `micros`, worked out once per range
 * for as long as it holds: a change to any stay makes new columns, and with them new answers.
 */
function freeNights(columns: Columns, from: number, until: number, micros: number): Uint8Array {
  let kept = freeNightsKept.get(columns);
  if (!kept) freeNightsKept.set(columns, (kept = new Map()));
  const key = `${from}:${until}`;
  const found = kept.get(key);
  if (found && found.since <= micros && micros < found.until) {
    // Most recently used last, so the oldest is the first to go.
    kept.delete(key);
    kept.set(key, found);
    return found.free;
  }
  const made: FreeNights = { free: new Uint8Array(columns.cents.length), since: micros, until: Infinity };
  const lapses = (heldUntil: number) => {
    if (heldUntil < made.until) made.until = heldUntil;
  };
  for (let i = 0; i < made.free.length; i += 1) {
    made.free[i] = isFree(columns, i, from, until, micros, lapses) ? 1 : 0;
  }
  kept.delete(key);
  kept.set(key, made);
  if (kept.size > RANGES_KEPT) kept.delete(kept.keys().next().value!);
  return made.free;
}

/** A page's filters as the loop tests them. */
type Test = {
  minCents: number;
  maxCents: number;
  /** The amenities asked for, as bits. */
  wanted: number;
  guests: number;
  host: string | undefined;
  /** Nights that must be free ([from, until) as day numbers) at `micros`. */
  nights: { from: number; until: number; micros: number } | undefined;
};

/**
 * The stays of `list` from `start` towards `end` (by `step`) that pass `test`: how many in all, and
 * the ids of those from the `first`th (counting from 0) up to before the `last`th.
 */
function scan(
  list: Entry[],
  stretch: { start: number; end: number; step: number },
  test: Test,
  first: number,
  last: number,
): { ids: string[]; total: number } {
  const read = columns.of(list);
  const { cents, amenities, guests } = read;
  const { minCents, maxCents, wanted, host, nights } = test;
  const free = nights && freeNights(read, nights.from, nights.until, nights.micros);
  const ids: string[] = [];
  let total = 0;
  for (let i = stretch.start; i !== stretch.end; i += stretch.step) {
    if (cents[i]! < minCents || cents[i]! > maxCents) continue;
    if ((amenities[i]! & wanted) !== wanted || guests[i]! < test.guests) continue;
    if (host !== undefined && list[i]!.hostId !== host) continue;
    if (free && free[i] === 0) continue;
    if (total >= first && total < last) ids.push(list[i]!.id);
    total += 1;
  }
  return { ids, total };
}

export function createStaysIndex(db: Db, now: () => number) {
  const index = createMemoryIndex({
    now,
    read: async (ids?: string[]) => (await findStayListingRows(db, ids)).map(entryOf),
    ...sets,
  });
  return {
    /** The cache bus's forget: one stay changed (by id), or anything may have. */
    forget: index.forget,

    /**
     * The ids of one page of the list, and how many stays match in all; `nights` ([from, until) as
     * dates) must be free at `at`.
     */
    async page(
      filters: IndexedStayFilters,
      nights: { from: string; until: string } | undefined,
      at: Date,
    ): Promise<{ ids: string[]; total: number }> {
      const { all } = await index.current();
      const test: Test = {
        minCents: filters.minPrice === undefined ? -Infinity : Math.round(filters.minPrice * 100),
        maxCents: filters.maxPrice === undefined ? Infinity : Math.round(filters.maxPrice * 100),
        wanted: filters.amenities ? amenityBits(filters.amenities) : 0,
        guests: filters.guests ?? 0,
        host: filters.host,
        nights: nights && {
          from: dayNumber(nights.from),
          until: dayNumber(nights.until),
          micros: at.getTime() * 1000,
        },
      };
      const { minCents, maxCents } = test;

      let list = all.newest;
      let start = 0;
      let end = list.length;
      let step = 1;
      if (filters.sort === 'rating') list = all.rated;
      else if (filters.sort) {
        // In price order the price bounds are a stretch of the list: only that stretch is read.
        list = all.cheapest;
        start = firstNotBefore(list, (entry) => entry.priceCents < minCents);
        end = Math.max(
          start,
          firstNotBefore(list, (entry) => entry.priceCents <= maxCents),
        );
        if (filters.sort === 'priceHighLow') [start, end, step] = [end - 1, start - 1, -1];
      }
      return scan(list, { start, end, step }, test, filters.offset, filters.offset + filters.limit);
    },
  };
}
