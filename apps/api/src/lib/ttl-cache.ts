/**
 * A small in-process cache of promises with a time to live. Concurrent misses for one key share one
 * load; a failed load is not kept; past `maxEntries` the oldest entry goes.
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
  const entries = new Map<string, { value: Promise<V>; expires: number }>();
  /** Keys asked for once, until when a second asking keeps their value. */
  const asked = new Map<string, number>();
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
  };
  return cache;
}
