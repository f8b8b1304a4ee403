import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOwnAnswer, isPublicAnswer, offlineLikeTimeout, pagesOfThisVersion } from './caching';

const ORIGIN = 'https://sokoni.example';
const route = (path: string, origin = ORIGIN) => {
  const url = new URL(path, origin);
  return { url, sameOrigin: url.origin === ORIGIN, request: new Request(url) };
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  offlineLikeTimeout.fetchDidSucceed({ response: new Response() });
});

describe('the API answers the service worker keeps (#29)', () => {
  it("keeps a person's own tickets, trips and orders apart from the public lists and details they read", () => {
    const own = [
      '/api/tickets/mine',
      '/api/bookings/mine',
      '/api/bookings/b1',
      '/api/orders?offset=20',
      '/api/orders/o1',
    ];
    const open = [
      '/api/products?ids=p1,p2',
      '/api/events/e1',
      '/api/stays',
      '/api/community/threads/t1',
      '/api/users/u1',
    ];
    expect(own.map((path) => [isOwnAnswer(route(path)), isPublicAnswer(route(path))])).toEqual(
      own.map(() => [true, false]),
    );
    expect(open.map((path) => [isOwnAnswer(route(path)), isPublicAnswer(route(path))])).toEqual(
      open.map(() => [false, true]),
    );
  });

  it('never keeps payments, sign-in, a door list, a preview of a refund, uploads or another origin', () => {
    const never = [
      route('/api/payments/verify?reference=r1'),
      route('/api/auth/login'),
      route('/api/events/e1/door-list'),
      route('/api/bookings/b1/cancellation'),
      route('/api/uploads/products/a.webp'),
      route('/api/tickets/mine', 'https://elsewhere.example'),
    ];
    expect(never.filter((request) => isOwnAnswer(request) || isPublicAnswer(request))).toEqual([]);
  });
});

describe('the network timeout for API answers', () => {
  /** The timeout (ms) the next request for an answer is given; null when it waits for the network. */
  async function timeoutOfNextRequest(): Promise<number | null> {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    await offlineLikeTimeout.requestWillFetch({ request: new Request(`${ORIGIN}/api/tickets/mine`) });
    const given = timeout.mock.calls[0]?.[0] ?? null;
    timeout.mockRestore();
    return given;
  }

  it('waits for the network online, and gives up after 3 s while the network seems gone', async () => {
    expect(await timeoutOfNextRequest()).toBeNull();
    await offlineLikeTimeout.fetchDidFail();
    expect(await timeoutOfNextRequest()).toBe(3_000);

    // An answer that came through ends it; so does a minute without another failure.
    await offlineLikeTimeout.fetchDidSucceed({ response: new Response() });
    expect(await timeoutOfNextRequest()).toBeNull();
    await offlineLikeTimeout.fetchDidFail();
    vi.useFakeTimers({ now: Date.now() + 60_000 });
    expect(await timeoutOfNextRequest()).toBeNull();

    // A device that says it is offline starts it at once.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await timeoutOfNextRequest()).toBe(3_000);
  });
});

describe('a page kept from an earlier visit', () => {
  const page = (script: string) =>
    new Response(`<html><head><script type="module" crossorigin src="${script}"></script></head></html>`);

  it('is served offline only while the scripts it names are kept, else the app shell is', async () => {
    const kept = new Set(['/assets/index-NEW.js']);
    vi.stubGlobal('caches', { match: async (url: string) => (kept.has(url) ? new Response('') : undefined) });
    const current = page('/assets/index-NEW.js');
    const use = (cachedResponse: Response) => pagesOfThisVersion.cachedResponseWillBeUsed({ cachedResponse });
    expect(await use(current)).toBe(current);
    expect(await use(page('/assets/index-OLD.js'))).toBeNull();
  });
});
