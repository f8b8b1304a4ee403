import type { GenerateSWOptions } from 'workbox-build';
import { API_CACHES } from '../src/lib/api-caches';

// The functions below run in the service worker: Workbox writes their source into sw.js, so each
// reads nothing from this module (no constants, no imports), only its arguments and the worker's
// globals.

const DAY = 24 * 60 * 60;

/** Which requests a route takes, as Workbox asks its routes (`sameOrigin`: the request is to us). */
type RouteMatch = (request: { url: URL; sameOrigin: boolean; request: Request }) => boolean;

/** Only a whole answer is kept: never an error, a redirect or a part. */
const WHOLE_ANSWERS = { statuses: [200] };

/** When a request for an API answer last failed for want of a network (kept in the worker's global scope). */
type NetworkFailures = { apiFailedAt?: number };

/**
 * A short network timeout only while the network seems gone (#29): the device says it is offline, or
 * a request for an API answer failed in the last minute and none has come through since. Then a
 * request that gets no answer in 3 s gives way to the answer kept from the last visit, instead of a
 * spinner while a dead connection (a venue's crowded signal) hangs. Otherwise there is no timeout:
 * online, however slow, the answer is always the network's.
 */
export const offlineLikeTimeout = {
  requestWillFetch: async ({ request }: { request: Request }) => {
    const failedAt = (globalThis as NetworkFailures).apiFailedAt ?? 0;
    const offlineLike = !navigator.onLine || Date.now() - failedAt < 60_000;
    return offlineLike ? new Request(request, { signal: AbortSignal.timeout(3_000) }) : request;
  },
  fetchDidFail: async () => {
    (globalThis as NetworkFailures).apiFailedAt = Date.now();
  },
  fetchDidSucceed: async ({ response }: { response: Response }) => {
    (globalThis as NetworkFailures).apiFailedAt = undefined;
    return response;
  },
};

/**
 * A page kept from an earlier version of the app names that version's scripts, which this version's
 * service worker no longer has: offline it would load blank. Such a page is passed over, and the app
 * shell (index.html, precached) is served in its place.
 */
export const pagesOfThisVersion = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return null;
    const html = await cachedResponse.clone().text();
    const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
    return entry && (await caches.match(entry, { ignoreSearch: true })) ? cachedResponse : null;
  },
};

/**
 * The API answers kept for reading offline, by path (GET only, query strings included): the signed-in
 * person's own tickets, trips, orders, courses and wishlist…
 */
export const isOwnAnswer: RouteMatch = ({ url, sameOrigin }) =>
  sameOrigin &&
  /^\/api\/(tickets\/mine|bookings\/[^/]+|orders(\/[^/]+)?|me\/courses|wishlist)$/.test(url.pathname);

/** …and the public lists and details they opened (the cart's products among them). */
export const isPublicAnswer: RouteMatch = ({ url, sameOrigin }) =>
  sameOrigin &&
  /^\/api\/((products|stays|events|courses)(\/[^/]+)?|categories|fees|community\/(groups|threads(\/[^/]+)?)|(sellers|users|reviews\/product)\/[^/]+)$/.test(
    url.pathname,
  );

/**
 * What the service worker keeps (#29). Precached on the first visit: only the app shell (index.html,
 * its entry script, the runtime and the shared chunk every page imports, and their stylesheet: what
 * `.vite/manifest.json` lists for the `index.html` entry). Everything else is kept as the person opens
 * it: scripts, styles and wasm once loaded; images; pages; the API answers they read. Online every page
 * and answer still comes from the network first, so nothing changes there.
 */
export const offlineCaching: Partial<GenerateSWOptions> = {
  globPatterns: ['index.html', 'assets/{index,rolldown-runtime,shared}-*.{js,css}'],
  // Not every page is index.html (vite-plugin-pwa's default): the pages route below serves the server's.
  navigateFallback: null,
  // A page's request starts while the service worker wakes up: online, pages come no later than without it.
  navigationPreload: true,
  runtimeCaching: [
    {
      // The server writes each page's head and first answers into it: online the served page as it is.
      urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
      handler: 'NetworkFirst',
      options: {
        cacheName: 'pages',
        cacheableResponse: WHOLE_ANSWERS,
        expiration: { maxEntries: 40, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
        plugins: [pagesOfThisVersion],
        precacheFallback: { fallbackURL: '/index.html' },
      },
    },
    {
      // Hashed (/assets/name-hash.ext): a file's content never changes under its name.
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
      handler: 'CacheFirst',
      options: {
        cacheName: 'assets',
        cacheableResponse: WHOLE_ANSWERS,
        expiration: { maxEntries: 120, maxAgeSeconds: 90 * DAY, purgeOnQuotaError: true },
      },
    },
    {
      urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/(api\/uploads|images)\//.test(url.pathname),
      handler: 'CacheFirst',
      options: {
        cacheName: 'images',
        cacheableResponse: WHOLE_ANSWERS,
        expiration: { maxEntries: 100, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
      },
    },
    {
      urlPattern: isOwnAnswer,
      handler: 'NetworkFirst',
      options: {
        cacheName: API_CACHES.own,
        cacheableResponse: WHOLE_ANSWERS,
        // Deleted when they sign out (src/lib/api-caches.ts); no age limit: a ticket bought months
        // ahead still shows at the gate.
        expiration: { maxEntries: 50, purgeOnQuotaError: true },
        plugins: [offlineLikeTimeout],
      },
    },
    {
      urlPattern: isPublicAnswer,
      handler: 'NetworkFirst',
      options: {
        cacheName: API_CACHES.public,
        cacheableResponse: WHOLE_ANSWERS,
        expiration: { maxEntries: 80, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
        plugins: [offlineLikeTimeout],
      },
    },
  ],
};
