import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

describe('createTtlCache', () => {
  it('answers from the cache until the entry expires', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses and forgets a failed one', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });

  it('keeps a value from its second asking within the time to live, when asked to', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache<number>({
      ttlMs: 1000,
      maxEntries: 10,
      now: () => clock,
      fromSecondAsking: true,
    });
    const load = async () => ++loads;
    expect(await cache.get('once', load)).toBe(1);
    expect(cache.has('once')).toBe(false);
    clock = 1500;
    // Too late for a second asking: this is a first again.
    expect(await cache.get('once', load)).toBe(2);
    expect(await cache.get('once', load)).toBe(3);
    expect(await cache.get('once', load)).toBe(3);
    cache.clear();
    expect(await cache.get('once', load)).toBe(4);
    expect(cache.has('once')).toBe(false);
  });

  it('gives many values in order, loading those not kept in one call', async () => {
    const cache = createTtlCache<string | undefined>({ ttlMs: 1000, maxEntries: 10 });
    const calls: string[][] = [];
    const loadMissing = async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key !== 'gone').map((key) => [key, key.toUpperCase()]));
    };
    expect(await cache.getMany(['a', 'b'], loadMissing, undefined)).toEqual(['A', 'B']);
    expect(await cache.getMany(['c', 'a', 'gone', 'b'], loadMissing, undefined)).toEqual([
      'C',
      'A',
      undefined,
      'B',
    ]);
    expect(calls).toEqual([
      ['a', 'b'],
      ['c', 'gone'],
    ]);
  });

  it('loads a value that expires between looking and taking, rather than taking it as absent', async () => {
    // A clock that moves a millisecond each time it is read.
    let clock = 0;
    const cache = createTtlCache<string | undefined>({ ttlMs: 1000, maxEntries: 10, now: () => clock++ });
    const calls: string[][] = [];
    const loadMissing = async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    };
    await cache.getMany(['a'], loadMissing, undefined);
    // 'a' expires at 1000: still live when first looked at (999), gone when taken (1000).
    clock = 999;
    expect(await cache.getMany(['a', 'b'], loadMissing, undefined)).toEqual(['A', 'B']);
    expect(calls.at(-1)).toContain('b');
  });

  it('drops the oldest entry past maxEntries, and everything on clear', async () => {
    let loads = 0;
    const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
    cache.clear();
    expect(await cache.get('b', load)).toBe(5);
  });

  describe('what expired', () => {
    afterEach(() => vi.useRealTimers());

    it('is dropped every time to live, whether the cache is asked again or not, and what is live stays', async () => {
      vi.useFakeTimers();
      const cache = createTtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
      for (const key of ['a', 'b', 'c']) await cache.get(key, async () => 1);
      vi.advanceTimersByTime(600);
      await cache.get('d', async () => 2);
      expect(cache.size).toBe(4);
      vi.advanceTimersByTime(400);
      // 'a', 'b' and 'c' expired at 1000, unasked since; 'd' lives until 1600.
      expect(cache.size).toBe(1);
      expect(await cache.get('d', async () => 3)).toBe(2);
      vi.advanceTimersByTime(1000);
      expect(cache.size).toBe(0);
    });
  });
});
