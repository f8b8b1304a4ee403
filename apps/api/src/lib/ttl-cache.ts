/**
 * A small in-process cache of promises with a time to live. Concurrent misses for one key share one
 * load; a failed load is not kept; past `maxEntries` the oldest entry goes. What expired is dropped
 * every `ttlMs`, so a cache no one asks for a while holds nothing (before, what a burst of pages asked
 * once left behind was kept until newer entries pushed it out).
 *
 * `fromSecondAsking`: a key's value is kept only when it is asked for again within the time to live
 * of its first asking, so keys asked once (a price typed in, a page far down a list) do not push out
 * the ones asked again and again, nor keep the garbage collector busy. Only the keys are remembered.
 */
export function createTtlCache<V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
  fromSecondAsking?: boolean;
}) {
  const now = options.now ?? Date.now;
  const kept: Kept<V> = { entries: new Map(), asked: new Map() };
  const { entries, asked } = kept;
  sweepEvery(options.ttlMs, new WeakRef(kept), now);
  /** True when this asking is a key's first (within the time to live): its value is not kept. */
  const firstAsking = (key: string) => {
    const until = asked.get(key);
    asked.delete(key);
    if (until !== undefined && until > now()) return false;
    asked.set(key, now() + options.ttlMs);
    if (asked.size > options.maxEntries * 10) asked.delete(asked.keys().next().value!);
    return true;
  };
  const cache = {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      if (options.fromSecondAsking && firstAsking(key)) return load();
      const value = load();
      entries.delete(key);
      entries.set(key, { value, expires: now() + options.ttlMs });
      value.catch(() => entries.delete(key));
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    /**
     * The values of these keys, in their order; the keys not kept are loaded together, by one call of
     * `loadMissing` (a key it leaves out of its answer gets `absent`). Which keys those are is what
     * each key's own look-up finds, so a value that expires in between is loaded, not taken as absent.
     */
    getMany(
      keys: string[],
      loadMissing: (keys: string[]) => Promise<Map<string, V>>,
      absent: V,
    ): Promise<V[]> {
      const missing: string[] = [];
      let batch: Promise<Map<string, V>> | undefined;
      // Every look-up below runs before the batch starts (a microtask later), so it holds them all.
      const loaded = () => (batch ??= Promise.resolve().then(() => loadMissing(missing)));
      return Promise.all(
        keys.map((key) =>
          cache.get(key, async () => {
            missing.push(key);
            return (await loaded()).get(key) ?? absent;
          }),
        ),
      );
    },
    /** Whether a live value (or a load in progress) is kept for the key. */
    has(key: string): boolean {
      const hit = entries.get(key);
      return hit !== undefined && hit.expires > now();
    },
    clear(): void {
      entries.clear();
      asked.clear();
    },
    /** How many values are kept, those expired but not yet dropped included. */
    get size(): number {
      return entries.size;
    },
  };
  return cache;
}

type Kept<V> = {
  entries: Map<string, { value: Promise<V>; expires: number }>;
  /** Keys asked for once, until when a second asking keeps their value. */
  asked: Map<string, number>;
};

/**
 * Drops what expired from a cache every `ttlMs`, oldest first: both maps are in the order their
 * entries expire, as every entry lives the same time from its last setting. The timer holds the cache
 * weakly and stops once it is gone, and never keeps the process alive.
 */
function sweepEvery<V>(ttlMs: number, cache: WeakRef<Kept<V>>, now: () => number): void {
  const timer = setInterval(() => {
    const kept = cache.deref();
    if (!kept) return clearInterval(timer);
    const at = now();
    for (const [key, { expires }] of kept.entries) {
      if (expires > at) break;
      kept.entries.delete(key);
    }
    for (const [key, until] of kept.asked) {
      if (until > at) break;
      kept.asked.delete(key);
    }
  }, ttlMs);
  timer.unref();
}
