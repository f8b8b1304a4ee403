import { CATEGORY_IDS, CONDITIONS } from '@sokoni/contracts/catalog';
import type { ProductFilters } from '@sokoni/contracts/shop';
import type { Db } from '../../db/client.js';
import {
  answersFilters,
  columnsOf,
  createMemoryIndex,
  firstNotBefore,
  idOrder,
  orderedSets,
} from '../../lib/memory-index.js';
import { findListingRows, type ListingRow } from './products.repository.js';

/**
 * The catalogue's filters and orders held in the server's memory (docs/decisions/0014): what a
 * catalogue page is chosen by — price, category, condition, flags, seller, age, trending score —
 * for every product. A page the page cache misses (every new price bound, filter or page) is chosen
 * and counted here, not by a statement to the database; only the page's own products are read, and
 * those mostly from the products kept as answers. Kept true to the database as every memory index
 * is (lib/memory-index.ts). Search (`q`) and the cart's `ids` stay with the database, which has
 * their indexes.
 */

/** The filters the index answers: everything but search and a list of ids. */
export type IndexedFilters = Omit<ProductFilters, 'q' | 'ids'>;
const answered = answersFilters<ProductFilters>({
  q: false,
  ids: false,
  category: true,
  minPrice: true,
  maxPrice: true,
  condition: true,
  sort: true,
  featured: true,
  trending: true,
  seller: true,
  limit: true,
  offset: true,
});
export const isIndexed = (filters: ProductFilters): filters is IndexedFilters & ProductFilters =>
  answered(filters);

/** A product's row, with its category, condition and seller as numbers for the columns below. */
type Entry = ListingRow & { categoryCode: number; conditionCode: number; sellerCode: number };
/** created_at desc, id desc — the database's order (uuids compare as their lowercase text). */
const newestFirst = (a: Entry, b: Entry) => b.createdMicros - a.createdMicros || idOrder(b, a);
/** price_cents asc, id asc; read backwards it is price_cents desc, id desc. */
const cheapestFirst = (a: Entry, b: Entry) => a.priceCents - b.priceCents || idOrder(a, b);
const trendingFirst = (a: Entry, b: Entry) => b.trendingScore - a.trendingScore || newestFirst(a, b);

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

const columns = columnsOf<Entry, Columns>((list) => {
  const made: Columns = {
    cents: new Float64Array(list.length),
    category: new Uint8Array(list.length),
    condition: new Uint8Array(list.length),
    flags: new Uint8Array(list.length),
    seller: new Int32Array(list.length),
  };
  list.forEach((entry, i) => {
    made.cents[i] = entry.priceCents;
    made.category[i] = entry.categoryCode;
    made.condition[i] = entry.conditionCode;
    made.flags[i] = (entry.isFeatured ? FEATURED : 0) | (entry.isTrending ? TRENDING_FLAG : 0);
    made.seller[i] = entry.sellerCode;
  });
  return made;
});

const sets = orderedSets(
  { newest: newestFirst, cheapest: cheapestFirst },
  {
    groupOf: (entry) => entry.category,
    // A list that changed has its columns made again when next read.
    changed: columns.forget,
  },
);

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
  const { cents, category, condition, flags, seller } = columns.of(list);
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

export function createCatalogueIndex(db: Db, now: () => number) {
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
  const index = createMemoryIndex({
    now,
    read: async (ids?: string[]) => (await findListingRows(db, ids)).map(entryOf),
    ...sets,
  });

  return {
    /** The cache bus's forget: one product changed (by id), or anything may have. */
    forget: index.forget,

    /** Resolves once every change told so far, a change to many included, is read in. */
    async settled(): Promise<void> {
      await index.settled();
    },

    /** The ids of one page in the catalogue's order, and how many products match in all. */
    async page(filters: IndexedFilters): Promise<{ ids: string[]; total: number }> {
      const { all, byCategory } = await index.current();
      const categories = filters.category ?? [];
      const set = categories.length === 1 ? (byCategory.get(categories[0]!) ?? sets.sorted([])) : all;
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
      const start = firstNotBefore(cheapest, (entry) => entry.priceCents < test.minCents);
      const end =
        test.maxCents === Infinity
          ? cheapest.length
          : Math.max(
              start,
              firstNotBefore(cheapest, (entry) => entry.priceCents <= test.maxCents),
            );
      const stretch =
        filters.sort === 'price-asc' ? { start, end, step: 1 } : { start: end - 1, end: start - 1, step: -1 };
      const { page, total } = scan(cheapest, stretch, test, from, to);
      return { ids: ids(page), total };
    },
  };
}
