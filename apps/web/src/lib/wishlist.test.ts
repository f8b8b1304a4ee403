import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_NOT_FOUND } from '@sokoni/contracts/catalog';
import { useAuthStore } from '@/stores/auth';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { moveVisitorWishlist, wishlistQueryKey } from './wishlist';
import { noContent } from '@/test/answers';
import { recordRequests, server } from '@/test/server';

const USER_ID = '6f1c2d4e-0000-4000-8000-000000000001';
const [KIONDO, LAMP, GONE, OFFLINE] = [1, 2, 3, 4].map((n) => `00000000-0000-4000-8000-00000000000${n}`) as [
  string,
  string,
  string,
  string,
];

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({
    user: { id: USER_ID, name: 'Amina', email: 'amina@sokoni.co.ke', role: 'user', token: 'token' },
  });
});
afterEach(() => {
  useAuthStore.setState({ user: null });
  useVisitorWishlistStore.setState({ productIds: [] });
  vi.restoreAllMocks();
});

const saved = () => noContent();

describe("moving a visitor's hearts into the account", () => {
  it('saves each in the order they were given, then forgets them on this device', async () => {
    useVisitorWishlistStore.setState({ productIds: [KIONDO, LAMP] });
    const requests = recordRequests();
    server.use(http.put(`/api/wishlist/${KIONDO}`, saved), http.put(`/api/wishlist/${LAMP}`, saved));
    const queryClient = new QueryClient();
    queryClient.setQueryData(wishlistQueryKey(USER_ID), []);

    await moveVisitorWishlist(queryClient, USER_ID);

    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT /api/wishlist/${KIONDO}`,
      `PUT /api/wishlist/${LAMP}`,
    ]);
    expect(useVisitorWishlistStore.getState().productIds).toEqual([]);
    // The account's list is read again, now with them in it.
    expect(queryClient.getQueryState(wishlistQueryKey(USER_ID))?.isInvalidated).toBe(true);
  });

  it('forgets a product deleted meanwhile, and keeps one the server never answered for', async () => {
    useVisitorWishlistStore.setState({ productIds: [GONE, OFFLINE, LAMP] });
    server.use(
      http.put(`/api/wishlist/${GONE}`, () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', code: 'PRODUCT_NOT_FOUND', message: PRODUCT_NOT_FOUND },
          { status: 404 },
        ),
      ),
      http.put(`/api/wishlist/${OFFLINE}`, () => HttpResponse.error()),
      http.put(`/api/wishlist/${LAMP}`, saved),
    );

    await moveVisitorWishlist(new QueryClient(), USER_ID);

    expect(useVisitorWishlistStore.getState().productIds).toEqual([OFFLINE]);
  });

  it('asks the server nothing when the visitor gave no hearts', async () => {
    const requests = recordRequests();
    await moveVisitorWishlist(new QueryClient(), USER_ID);
    expect(requests).toEqual([]);
  });
});
