import { sql, type AnyColumn } from 'drizzle-orm';

/**
 * A timestamp column as a number of microseconds since the epoch: the database's own precision, so
 * an index in memory orders two rows a millisecond apart, or at one instant, as the database does.
 */
export const epochMicros = (column: AnyColumn) =>
  sql<number>`(extract(epoch from ${column}) * 1000000)::float8`.mapWith(Number);

/**
 * An index of rows held in a server process's memory and kept true to the database
 * (docs/decisions/0014): built from it on first use, then told of changes through the cache bus —
 * one row's change by its id (that row is read again before the index is next used), a change to
 * many (or a notice the process may have missed) by building it afresh in the background, the index
 * there is serving until the new one is in place. A build that a change to many overtook is thrown
 * away; rows changed while a build reads are read again once it is in place. Past `maxAgeMs` (five
 * minutes) it is built afresh too, so a write made around the services (by hand) is seen within that
 * age.
 */
/** Past this age an index is built afresh in the background: a write made by hand is seen within it. */
export const MEMORY_INDEX_MAX_AGE_MS = 5 * 60_000;

/**
 * Which of a list's filters its memory index answers, each named with true or false: a filter added
 * to the list's query fails to compile here until someone says whether the index answers it, and
 * one the index does not know is answered by the database, never silently ignored.
 */
export type FilterSupport<Filters> = { readonly [Key in keyof Required<Filters>]: boolean };

/** Whether every filter a request sets is one the index answers (what no one set does not count). */
export const answersFilters =
  <Filters extends object>(support: FilterSupport<Filters>) =>
  (filters: Filters): boolean =>
    Object.entries(filters).every(
      ([key, value]) => value === undefined || (support as Record<string, boolean>)[key] === true,
    );

export function createMemoryIndex<Row extends { id: string }, State>(options: {
  now: () => number;
  maxAgeMs?: number;
  /** Every row, or (with ids) these rows: an id with no row is gone. */
  read(ids?: string[]): Promise<Row[]>;
  build(rows: Row[]): State;
  /** Puts a row's new version in place of its old one (none: it is gone). */
  replace(state: State, id: string, row: Row | undefined): void;
}) {
  const { now, maxAgeMs = MEMORY_INDEX_MAX_AGE_MS } = options;
  let state: State | undefined;
  let builtAt = 0;
  /** Told that anything may have changed since the index there is was read. */
  let stale = false;
  /** Bumped by every change to many: a build begun before it is not kept. */
  let generation = 0;
  /** Rows changed since the index last read them. */
  let changed = new Set<string>();
  /** Rows changed while a build reads: read again once it is in place. */
  let changedWhileBuilding: Set<string> | undefined;
  let building: Promise<void> | undefined;
  let reading: Promise<void> | undefined;

  async function buildAfresh(): Promise<void> {
    const at = generation;
    const startedAt = now();
    const during = (changedWhileBuilding = new Set());
    try {
      const built = options.build(await options.read());
      if (at !== generation) return;
      state = built;
      stale = false;
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
    const rows = new Map((await options.read(ids)).map((row) => [row.id, row]));
    if (at === generation && state) for (const id of ids) options.replace(state, id, rows.get(id));
  }

  /** The index with every change told before this call read in (a change to many in the background). */
  async function current(): Promise<State> {
    for (;;) {
      if (!state) {
        building ??= buildAfresh().finally(() => (building = undefined));
        await building;
        continue;
      }
      if (stale || now() - builtAt > maxAgeMs) {
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
    /** The cache bus's forget: one row changed (by id), or anything may have. */
    forget(id?: string): void {
      if (id === undefined) {
        generation += 1;
        stale = true;
        return;
      }
      changed.add(id);
      changedWhileBuilding?.add(id);
    },

    current,

    /**
     * The index with every change told before this call read in, a change to many included: what
     * the process that made that change waits for before it answers.
     */
    async settled(): Promise<State> {
      await current();
      // A build a change to many asked for (or overtook): waited for, and tried once more if it failed.
      for (let tries = 0; stale && tries < 2; tries += 1) {
        await building;
        await current();
      }
      return current();
    },
  };
}

/** The first position in `list` for which `before` is false: `before` holds for a prefix of it. */
export function firstNotBefore<E>(list: E[], before: (entry: E) => boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(list[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Two ids in the order PostgreSQL gives uuids: as their lowercase text. */
export const idOrder = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

type Order<E> = (a: E, b: E) => number;
/** Entries in each of several orders. */
export type Ordered<E, K extends string> = Record<K, E[]>;
/** Every entry, and each group's apart, in each order; and each entry by id. */
export type OrderedSets<E, K extends string> = {
  all: Ordered<E, K>;
  byCategory: Map<string, Ordered<E, K>>;
  byId: Map<string, E>;
};

/**
 * A memory index's entries kept in `orders`, all of them and (given `groupOf`) each group's apart —
 * a category's, say — with how to build them and to put one entry's new version in place (an O(n)
 * splice per order, no sort). `changed` hears of every list a replacement touched.
 */
export function orderedSets<E extends { id: string }, K extends string>(
  orders: Record<K, Order<E>>,
  options: { groupOf?: (entry: E) => string; changed?: (list: E[]) => void } = {},
) {
  const { groupOf, changed = () => {} } = options;
  const names = Object.keys(orders) as K[];
  const sorted = (entries: E[]) =>
    Object.fromEntries(names.map((name) => [name, [...entries].sort(orders[name])])) as Ordered<E, K>;
  return {
    sorted,

    build(rows: E[]): OrderedSets<E, K> {
      const inCategory = new Map<string, E[]>();
      if (groupOf)
        for (const row of rows) {
          let list = inCategory.get(groupOf(row));
          if (!list) inCategory.set(groupOf(row), (list = []));
          list.push(row);
        }
      return {
        all: sorted(rows),
        byCategory: new Map([...inCategory].map(([category, entries]) => [category, sorted(entries)])),
        byId: new Map(rows.map((row) => [row.id, row])),
      };
    },

    /** Puts an entry's new version in place of its old one (none: it is gone). */
    replace(state: OrderedSets<E, K>, id: string, row: E | undefined): void {
      const old = state.byId.get(id);
      if (old) {
        const group = groupOf && state.byCategory.get(groupOf(old));
        for (const set of group ? [state.all, group] : [state.all]) {
          for (const name of names) {
            const list = set[name];
            const at: number = firstNotBefore(list, (entry: E): boolean => orders[name](entry, old) < 0);
            if (list[at] === old) list.splice(at, 1);
            changed(list);
          }
        }
        state.byId.delete(id);
      }
      if (!row) return;
      let group: Ordered<E, K> | undefined;
      if (groupOf) {
        group = state.byCategory.get(groupOf(row));
        if (!group) state.byCategory.set(groupOf(row), (group = sorted([])));
      }
      for (const into of group ? [state.all, group] : [state.all]) {
        for (const name of names) {
          const list = into[name];
          list.splice(
            firstNotBefore(list, (entry) => orders[name](entry, row) < 0),
            0,
            row,
          );
          changed(list);
        }
      }
      state.byId.set(id, row);
    },
  };
}

/**
 * Typed-array columns made from a list of entries when first read, and kept until the list changes
 * (`forget` it then): the loop that tests every entry of a page reads numbers side by side, not
 * objects.
 */
export function columnsOf<E, C>(make: (list: E[]) => C) {
  const made = new WeakMap<E[], C>();
  return {
    of(list: E[]): C {
      let columns = made.get(list);
      if (!columns) made.set(list, (columns = make(list)));
      return columns;
    },
    forget(list: E[]): void {
      made.delete(list);
    },
  };
}
