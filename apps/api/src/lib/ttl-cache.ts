/**
 * A small in-process cache of promises with a time to live. Concurrent misses for one key share one
 * load; a failed load is not kept; past `maxEntries` the oldest entry goes.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Promise<V>; expires: number }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
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
    /** Whether a live value (or a load in progress) is kept for the key. */
    has(key: string): boolean {
      const hit = entries.get(key);
      return hit !== undefined && hit.expires > now();
    },
    clear(): void {
      entries.clear();
    },
  };
}
