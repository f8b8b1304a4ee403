/**
 * The service worker's caches of API answers (apps/web/pwa/caching.ts): a person's own (tickets,
 * trips, orders) and the public pages and lists they read. Named here so that signing out can
 * delete them.
 */
export const API_CACHES = { own: 'api-own', public: 'api-public' } as const;

/**
 * Deletes the service worker's caches of API answers, so the next person on the phone sees none of
 * the last one's tickets, trips or orders offline. Without CacheStorage (an insecure origin, tests)
 * there is nothing to delete.
 */
export async function forgetApiAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(API_CACHES).map((name) => caches.delete(name)));
}
