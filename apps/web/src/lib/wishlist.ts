import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Product } from '@sokoni/contracts/shop';
import { useAuthStore } from '@/stores/auth';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { apiRequest, hasCode } from './api-client';

// The wishlist of a signed-in user (#15), shared by every product card's heart, the product page
// and the Wishlist page.

/** Every wishlist query starts with this key; the user's id follows, so one account never sees another's. */
export const WISHLIST_QUERY_KEY = ['wishlist'] as const;
export const wishlistQueryKey = (userId: string) => [...WISHLIST_QUERY_KEY, userId] as const;

/** GET /wishlist: the caller's saved products, newest saved first. */
export function getWishlist(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>('/wishlist', { signal });
}

/** PUT /wishlist/{productId}: saving a saved product again changes nothing. */
export function saveToWishlist(productId: string): Promise<void> {
  return apiRequest<void>(`/wishlist/${encodeURIComponent(productId)}`, { method: 'PUT' });
}

/** DELETE /wishlist/{productId}: forgetting one that is not saved is fine too. */
export function removeFromWishlist(productId: string): Promise<void> {
  return apiRequest<void>(`/wishlist/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}

export function getWishlistQueryOptions(userId: string) {
  return queryOptions({
    queryKey: wishlistQueryKey(userId),
    queryFn: ({ signal }) => getWishlist(signal),
  });
}

/**
 * The signed-in user's wishlist, or what `select` reads from it (a card asks whether it holds its
 * product, so it re-renders only when that changes); idle for a visitor.
 */
export function useWishlist<Selected = Product[]>(select?: (products: Product[]) => Selected) {
  const userId = useAuthStore((state) => state.user?.id ?? '');
  return useQuery({ ...getWishlistQueryOptions(userId), enabled: userId !== '', select });
}

/**
 * At sign-in (or sign-up), moves the hearts the visitor gave on this device into their account, in
 * the order given, then forgets them here. A product the server cannot save (deleted meanwhile, or
 * the wishlist is full) is forgotten too; one it never answered for stays for the next sign-in.
 */
export async function moveVisitorWishlist(queryClient: QueryClient, userId: string): Promise<void> {
  const { productIds, forget } = useVisitorWishlistStore.getState();
  if (productIds.length === 0) return;
  const answered: string[] = [];
  for (const productId of productIds) {
    try {
      await saveToWishlist(productId);
      answered.push(productId);
    } catch (error) {
      if (hasCode(error, 'PRODUCT_NOT_FOUND', 'WISHLIST_FULL')) {
        answered.push(productId);
      }
    }
  }
  forget(answered);
  await queryClient.invalidateQueries({ queryKey: wishlistQueryKey(userId) });
}

/** moveVisitorWishlist for a sign-in or sign-up form: started once the user is signed in, not waited for. */
export function useMoveVisitorWishlist(): (userId: string) => void {
  const queryClient = useQueryClient();
  return (userId) => void moveVisitorWishlist(queryClient, userId);
}
