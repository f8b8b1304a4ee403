import { CATEGORY_IDS, CONDITIONS } from '@sokoni/contracts/catalog';
import type { ProductFilters } from '@sokoni/contracts/shop';
import type { Db } from '../../db/client.js';
import { findListingRows, type ListingRow } from './products.repository.js';

/**
 * The catalogue's filters and orders held in the server's memory (docs/decisions/0014): what a
 * catalogue page is chosen by — price, category, condition, flags, seller, age, trending score —
 * for every product, about 150 bytes each. A page the page cache misses (every new price bound,
 * filter or page) is chosen and counted here, not by a statement to the database; only the page's
 * own products are read, and those mostly from the products kept as answers.
 *
 * It is true to the database: built from it on first use, and told of every change through the
 * cache bus — one product's change by its id (that product is read again before the next page is
 * chosen), a change to many (trending), or a notice this process may have missed, by building it
 * afresh. Search (`q`) and the cart's `ids` stay with the database, which has their indexes.
 */

/** The filters the index answers: everything but search and a list of ids. */
export type IndexedFilters = Omit<ProductFilters, 'q' | 'ids'>;
export const isIndexed = (filters: ProductFilters): filters is IndexedFilters & ProductFilters =>
  !filters.q && !filters.ids;

/** A product's row, with its category, condition and seller as numbers for the columns below. */
type Entry = ListingRow & { categoryCode: number; conditionCode: number; sellerCode: number };
/** One set of products in the two orders every page is read in. */
type Ordered = { newest: Entry[]; cheapest: Entry[] };
type State = { all: Ordered; byCategory: Map<string, Ordered>; byId: Map<string, Entry> };

const byId = (a: Entry, b: Entry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** created_at desc, id desc — the database's order (uuids compare as their lowercase text). */
const newestFirst = (a: Entry, b: Entry) => b.createdMicros - a.createdMicros || byId(b, a);
/** price_cents asc, id asc; read backwards it is price_cents desc, id desc. */
const cheapestFirst = (a: Entry, b: Entry) => a.priceCents - b.priceCents || byId(a, b);
const trendingFirst = (a: Entry, b: Entry) => b.trendingScore - a.trendingScore || newestFirst(a, b);

/** The first position in `list` (sorted by `order`) whose entry does not come before `entry`. */
function positionOf(list: Entry[], entry: Entry, order: (a: Entry, b: Entry) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(list[middle]!, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first position in `cheapest` whose price is at least `cents`. */
function firstAtLeast(cheapest: Entry[], cents: number): number {
  let low = 0;
  let high = cheapest.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (cheapest[middle]!.priceCents < cents) low = middle + 1;
    else high = middle;
  }
  return low;
}

const ordered = (entries: Entry[]): Ordered => ({
  newest: [...entries].sort(newestFirst),
  cheapest: [...entries].sort(cheapestFirst),
});

/** A category's or condition's number: its place in the contract's list, from 1 (0: unknown). */
const codeIn = (list: readonly string[], value: string) => list.indexOf(value) + 1;
const CATEGORY_CODES = CATEGORY_IDS.length + 1;

/**
 * What every page's loop reads, one typed array per field in the list's order: a page of a
 * 100,000-product catalogue counts its matches in a few hundred microseconds, not milliseconds.
 */
type Columns = {
  cents: Float64Array;
  category: Uint8Array;
  condition: Uint8Array;
  /** 1: featured, 2: trending. */
  flags: Uint8Array;
  seller: Int32Array;
};
const FEATURED = 1;
const TRENDING_FLAG = 2;

const columns = new WeakMap<Entry[], Columns>();
function columnsOf(list: Entry[]): Columns {
  let made = columns.get(list);
  if (made) return made;
  const count = list.length;
  made = {
    cents: new Float64Array(count),
    category: new Uint8Array(count),
    condition: new Uint8Array(count),
    flags: new Uint8Array(count),
    seller: new Int32Array(count),
  };
  for (let i = 0; i < count; i += 1) {
    const entry = list[i]!;
    made.cents[i] = entry.priceCents;
    made.category[i] = entry.categoryCode;
    made.condition[i] = entry.conditionCode;
    made.flags[i] = (entry.isFeatured ? FEATURED : 0) | (entry.isTrending ? TRENDING_FLAG : 0);
    made.seller[i] = entry.sellerCode;
  }
  columns.set(list, made);
  return made;
}

function build(rows: Entry[]): State {
  const inCategory = new Map<string, Entry[]>();
  for (const row of rows) {
    let list = inCategory.get(row.category);
    if (!list) inCategory.set(row.category, (list = []));
    list.push(row);
  }
  return {
    all: ordered(rows),
    byCategory: new Map([...inCategory].map(([category, entries]) => [category, ordered(entries)])),
    byId: new Map(rows.map((row) => [row.id, row])),
  };
}

function remove(list: Entry[], entry: Entry, order: (a: Entry, b: Entry) => number): void {
  const at = positionOf(list, entry, order);
  if (list[at] === entry) list.splice(at, 1);
  columns.delete(list);
}

function insert(list: Entry[], entry: Entry, order: (a: Entry, b: Entry) => number): void {
  list.splice(positionOf(list, entry, order), 0, entry);
  columns.delete(list);
}

/** Puts one product's new row in place of its old one (none: it is gone). */
function replace(state: State, id: string, row: Entry | undefined): void {
  const old = state.byId.get(id);
  if (old) {
    for (const set of [state.all, state.byCategory.get(old.category)!]) {
      remove(set.newest, old, newestFirst);
      remove(set.cheapest, old, cheapestFirst);
    }
    state.byId.delete(id);
  }
  if (!row) return;
  let set = state.byCategory.get(row.category);
  if (!set) state.byCategory.set(row.category, (set = { newest: [], cheapest: [] }));
  for (const into of [state.all, set]) {
    insert(into.newest, row, newestFirst);
    insert(into.cheapest, row, cheapestFirst);
  }
  state.byId.set(id, row);
}

/** A page's filters as numbers, to test the columns with; -1 where a filter is not set. */
type Test = {
  minCents: number;
  maxCents: number;
  /** By category number, 1 for the categories asked for; unset for one category or none. */
  among: Uint8Array | undefined;
  condition: number;
  /** The flags asked for (FEATURED, TRENDING_FLAG) among those `flagMask` looks at. */
  flags: number;
  flagMask: number;
  seller: number;
};

/**
 * The products of `list` from `start` towards `end` (by `step`) that pass `test`: how many in all,
 * and those from the `from`th (counting from 0) up to before the `to`th.
 */
function scan(
  list: Entry[],
  stretch: { start: number; end: number; step: number },
  test: Test,
  from: number,
  to: number,
) {
  const { cents, category, condition, flags, seller } = columnsOf(list);
  const page: Entry[] = [];
  let total = 0;
  for (let i = stretch.start; i !== stretch.end; i += stretch.step) {
    const price = cents[i]!;
    if (price < test.minCents || price > test.maxCents) continue;
    if (test.condition !== -1 && condition[i] !== test.condition) continue;
    if (test.among !== undefined && test.among[category[i]!] !== 1) continue;
    if ((flags[i]! & test.flagMask) !== test.flags) continue;
    if (test.seller !== -1 && seller[i] !== test.seller) continue;
    if (total >= from && total < to) page.push(list[i]!);
    total += 1;
  }
  return { page, total };
}

export type CatalogueIndex = ReturnType<typeof createCatalogueIndex>;

/**
 * Past this age the index is built afresh in the background (the page in hand is chosen from the
 * one there is): a write that went around the service — by hand, or by a migration — is seen
 * within it.
 */
export const INDEX_MAX_AGE_MS = 5 * 60_000;

export function createCatalogueIndex(db: Db, now: () => number) {
  let state: State | undefined;
  let builtAt = 0;
  /** Bumped by every change to many: a build begun before it is not kept. */
  let generation = 0;
  /** Products changed since the index last read them. */
  let changed = new Set<string>();
  /** Products changed while a build reads: read again once it is in place. */
  let changedWhileBuilding: Set<string> | undefined;
  let building: Promise<void> | undefined;
  let reading: Promise<void> | undefined;
  /** Sellers by id: their number for the seller column (once given, it stays) and one copy of the id. */
  const sellers = new Map<string, { code: number; id: string }>();
  const sellerOf = (id: string) => {
    let seller = sellers.get(id);
    if (!seller) sellers.set(id, (seller = { code: sellers.size, id }));
    return seller;
  };
  // The texts every row repeats are kept once: the contract's own strings, and one id per seller.
  const entryOf = (row: ListingRow): Entry => {
    const categoryCode = codeIn(CATEGORY_IDS, row.category);
    const conditionCode = codeIn(CONDITIONS, row.condition);
    const seller = sellerOf(row.sellerId);
    return {
      id: row.id,
      priceCents: row.priceCents,
      category: CATEGORY_IDS[categoryCode - 1] ?? row.category,
      condition: CONDITIONS[conditionCode - 1] ?? row.condition,
      createdMicros: row.createdMicros,
      isFeatured: row.isFeatured,
      isTrending: row.isTrending,
      trendingScore: row.trendingScore,
      sellerId: seller.id,
      categoryCode,
      conditionCode,
      sellerCode: seller.code,
    };
  };

  async function buildAfresh(): Promise<void> {
    const at = generation;
    const startedAt = now();
    const during = (changedWhileBuilding = new Set());
    try {
      const built = build((await findListingRows(db)).map(entryOf));
      if (at !== generation) return;
      state = built;
      builtAt = startedAt;
      for (const id of during) changed.add(id);
    } finally {
      if (changedWhileBuilding === during) changedWhileBuilding = undefined;
    }
  }

  async function readChanged(): Promise<void> {
    const at = generation;
    const ids = [...changed];
    changed = new Set();
    const rows = new Map((await findListingRows(db, ids)).map((row) => [row.id, row]));
    if (at === generation && state)
      for (const id of ids) {
        const row = rows.get(id);
        replace(state, id, row && entryOf(row));
      }
  }

  /** The index with every change told before this call read in. */
  async function current(): Promise<State> {
    for (;;) {
      if (!state) {
        building ??= buildAfresh().finally(() => (building = undefined));
        await building;
        continue;
      }
      if (now() - builtAt > INDEX_MAX_AGE_MS) {
        building ??= buildAfresh()
          .catch(() => undefined)
          .finally(() => (building = undefined));
      }
      if (reading) await reading.catch(() => undefined);
      if (changed.size > 0) {
        reading ??= readChanged().finally(() => (reading = undefined));
        await reading;
      }
      if (state) return state;
    }
  }

  return {
    /** The cache bus's forget: one product changed (by id), or anything may have. */
    forget(id?: string): void {
      if (id === undefined) {
        generation += 1;
        state = undefined;
        return;
      }
      changed.add(id);
      changedWhileBuilding?.add(id);
    },

    /** The ids of one page in the catalogue's order, and how many products match in all. */
    async page(filters: IndexedFilters): Promise<{ ids: string[]; total: number }> {
      const { all, byCategory } = await current();
      const categories = filters.category ?? [];
      const set = categories.length === 1 ? (byCategory.get(categories[0]!) ?? ordered([])) : all;
      let among: Uint8Array | undefined;
      if (categories.length > 1) {
        among = new Uint8Array(CATEGORY_CODES);
        for (const category of categories) among[codeIn(CATEGORY_IDS, category)] = 1;
      }
      const flagOf = (asked: boolean | undefined, flag: number) => ({
        mask: asked === undefined ? 0 : flag,
        value: asked ? flag : 0,
      });
      const featured = flagOf(filters.featured, FEATURED);
      const trending = flagOf(filters.trending, TRENDING_FLAG);
      const test: Test = {
        minCents: filters.minPrice === undefined ? -Infinity : Math.round(filters.minPrice * 100),
        maxCents: filters.maxPrice === undefined ? Infinity : Math.round(filters.maxPrice * 100),
        among,
        condition: filters.condition === undefined ? -1 : codeIn(CONDITIONS, filters.condition),
        flags: featured.value | trending.value,
        flagMask: featured.mask | trending.mask,
        // A seller with no product has no number: nothing matches.
        seller: filters.seller === undefined ? -1 : (sellers.get(filters.seller)?.code ?? -2),
      };
      const from = filters.offset;
      const to = filters.offset + filters.limit;
      const ids = (page: Entry[]) => page.map((entry) => entry.id);

      if (filters.trending && !filters.sort) {
        // Few products are trending: they are gathered, then put in trending order.
        const { page: found } = scan(
          set.newest,
          { start: 0, end: set.newest.length, step: 1 },
          test,
          0,
          Infinity,
        );
        return { ids: ids(found.sort(trendingFirst).slice(from, to)), total: found.length };
      }
      if (!filters.sort) {
        const { page, total } = scan(
          set.newest,
          { start: 0, end: set.newest.length, step: 1 },
          test,
          from,
          to,
        );
        return { ids: ids(page), total };
      }
      // In price order the price bounds are a stretch of the list: only that stretch is read.
      const { cheapest } = set;
      const start = firstAtLeast(cheapest, test.minCents);
      const end =
        test.maxCents === Infinity
          ? cheapest.length
          : Math.max(start, firstAtLeast(cheapest, test.maxCents + 1));
      const stretch =
        filters.sort === 'price-asc' ? { start, end, step: 1 } : { start: end - 1, end: start - 1, step: -1 };
      const { page, total } = scan(cheapest, stretch, test, from, to);
      return { ids: ids(page), total };
    },
  };
}
