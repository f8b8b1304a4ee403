import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { accessToken } from './access-token';
import { noContent } from './answers';
import { recordRequests, server } from './server';

/**
 * A visitor who hearted two products, and an API that answers `signIn` (e.g. '/api/auth/login')
 * with a token and saves each heart. Returns the check that, once signed in, both hearts went to
 * the account in order and none is left with the visitor.
 */
export function serveSignInWithHearts(signIn: string, status: number): () => Promise<void> {
  const hearted = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
  useVisitorWishlistStore.setState({ productIds: hearted });
  const token = accessToken({ sub: '6f1c2d4e-0000-4000-8000-000000000001', email: 'amina@sokoni.co.ke' });
  const requests = recordRequests();
  server.use(
    http.post(signIn, () => HttpResponse.json({ access_token: token }, { status })),
    http.put('/api/wishlist/:productId', () => noContent()),
  );
  return async () => {
    await waitFor(() => expect(useVisitorWishlistStore.getState().productIds).toEqual([]));
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `POST ${signIn}`,
      ...hearted.map((id) => `PUT /api/wishlist/${id}`),
    ]);
  };
}
