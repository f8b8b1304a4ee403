import { describe, expect, it } from 'vitest';
import { answersFilters, createMemoryIndex, orderedSets } from './memory-index.js';

type Row = { id: string; category: string; value: number };

/**
 * A table the index reads, whose reads of every row can be held open: a read sees the table as it
 * is when the read starts, as a statement sees its snapshot.
 */
function table(rows: Row[]) {
  const current = new Map(rows.map((row) => [row.id, row]));
  let gate: Promise<void> | undefined;
  let open: () => void = () => {};
  return {
    set(row: Row) {
      current.set(row.id, row);
    },
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
    async read(ids?: string[]): Promise<Row[]> {
      const seen = [...current.values()]
        .filter((row) => !ids || ids.includes(row.id))
        .map((row) => ({ ...row }));
      if (!ids) await gate;
      return seen;
    },
  };
}

const sets = orderedSets<Row, 'byValue'>(
  { byValue: (a, b) => a.value - b.value },
  { groupOf: (row) => row.category },
);
const values = (state: ReturnType<typeof sets.build>) =>
  state.all.byValue.map((row) => `${row.id}=${row.value}`);

describe('an index in memory', () => {
  it('reads again a row told changed while a build was reading, once the build is in place', async () => {
    let now = 0;
    const rows = table([
      { id: 'a', category: 'x', value: 1 },
      { id: 'b', category: 'x', value: 2 },
    ]);
    const index = createMemoryIndex({ now: () => now, maxAgeMs: 1000, read: rows.read, ...sets });
    await index.current();
    // Past its age: a build starts in the background and reads the table as it is now.
    now = 1001;
    rows.hold();
    await index.current();
    rows.set({ id: 'a', category: 'x', value: 3 });
    index.forget('a');
    // The change is read into the index there is…
    expect(values(await index.current())).toEqual(['b=2', 'a=3']);
    // …and again once the build, whose read is older than the change, takes its place.
    rows.release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(values(await index.current())).toEqual(['b=2', 'a=3']);
  });

  it('throws away a build that a change to many overtook', async () => {
    const rows = table([{ id: 'a', category: 'x', value: 1 }]);
    const index = createMemoryIndex({ now: () => 0, maxAgeMs: 1000, read: rows.read, ...sets });
    rows.hold();
    const first = index.current();
    await Promise.resolve();
    rows.set({ id: 'b', category: 'y', value: 0 });
    index.forget();
    rows.release();
    expect(values(await first)).toEqual(['b=0', 'a=1']);
  });

  it('after a change to many, serves the index there is while it is built afresh, then the new one', async () => {
    const rows = table([{ id: 'a', category: 'x', value: 1 }]);
    const index = createMemoryIndex({ now: () => 0, read: rows.read, ...sets });
    await index.current();
    rows.set({ id: 'b', category: 'y', value: 0 });
    rows.hold();
    index.forget();
    expect(values(await index.current())).toEqual(['a=1']);
    rows.release();
    await expect.poll(async () => values(await index.current())).toEqual(['b=0', 'a=1']);

    // The process that made the change waits for the new one.
    rows.set({ id: 'c', category: 'y', value: 2 });
    index.forget();
    expect(values(await index.settled())).toEqual(['b=0', 'a=1', 'c=2']);
  });

  it('is built afresh in the background past its age, the one there is serving meanwhile', async () => {
    let now = 0;
    const rows = table([{ id: 'a', category: 'x', value: 1 }]);
    const index = createMemoryIndex({ now: () => now, maxAgeMs: 1000, read: rows.read, ...sets });
    await index.current();
    rows.set({ id: 'a', category: 'x', value: 5 });
    now = 1001;
    rows.hold();
    expect(values(await index.current())).toEqual(['a=1']);
    rows.release();
    await expect.poll(async () => values(await index.current())).toEqual(['a=5']);
  });

  it('moves a changed row within its orders and its category, and drops one that is gone', () => {
    const state = sets.build([
      { id: 'a', category: 'x', value: 1 },
      { id: 'b', category: 'x', value: 2 },
      { id: 'c', category: 'y', value: 3 },
    ]);
    sets.replace(state, 'a', { id: 'a', category: 'y', value: 4 });
    sets.replace(state, 'b', undefined);
    sets.replace(state, 'd', { id: 'd', category: 'z', value: 0 });
    expect(values(state)).toEqual(['d=0', 'c=3', 'a=4']);
    expect(state.byCategory.get('x')!.byValue).toEqual([]);
    expect(state.byCategory.get('y')!.byValue.map((row) => row.id)).toEqual(['c', 'a']);
    expect(state.byCategory.get('z')!.byValue.map((row) => row.id)).toEqual(['d']);
  });
});

describe('answersFilters', () => {
  type Filters = { q?: string; category?: string; limit: number };
  const answered = answersFilters<Filters>({ q: false, category: true, limit: true });

  it('answers filters it names as its own, and leaves to the database one it names as not', () => {
    expect(answered({ category: 'phones', limit: 20 })).toBe(true);
    expect(answered({ q: undefined, category: 'phones', limit: 20 })).toBe(true);
    expect(answered({ q: 'tecno', limit: 20 })).toBe(false);
  });

  it('leaves to the database a filter it does not know, rather than ignore it', () => {
    expect(answered({ limit: 20, colour: 'red' } as Filters)).toBe(false);
  });
});
