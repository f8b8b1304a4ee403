import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Product } from '@sokoni/contracts/shop';
import { WISHLIST_MESSAGES } from '@sokoni/contracts/catalog';
import { useAuthStore } from '@/stores/auth';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { errorMessage } from './api-client';
import { removeFromWishlist, saveToWishlist, useWishlist, wishlistQueryKey } from './wishlist';

type Change = { product: Product; save: boolean };

/**
 * Saves or forgets a product in the signed-in user's wishlist: shown at once, then the server's
 * answer is the truth (a refusal puts the heart back and says why; the list is read again either way).
 */
function useChangeWishlist(userId: string) {
  const queryClient = useQueryClient();
  const queryKey = wishlistQueryKey(userId);
  return useMutation({
    mutationFn: ({ product, save }: Change) =>
      save ? saveToWishlist(product.id) : removeFromWishlist(product.id),
    onMutate: async ({ product, save }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Product[]>(queryKey);
      const others = (previous ?? []).filter((saved) => saved.id !== product.id);
      queryClient.setQueryData<Product[]>(queryKey, save ? [product, ...others] : others);
      return { previous };
    },
    onError: (error, _change, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      toast.error(errorMessage(error, WISHLIST_MESSAGES.saveFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/**
 * A product's heart: for a signed-in user it is their account's wishlist, for a visitor the hearts
 * kept on this device (moved into the account when they sign in).
 */
export function useWishlistHeart(product: Product): { saved: boolean; toggle: () => void } {
  const userId = useAuthStore((state) => state.user?.id ?? '');
  const savedHere = useVisitorWishlistStore((state) => state.productIds.includes(product.id));
  const toggleHere = useVisitorWishlistStore((state) => state.toggle);
  const savedInAccount = useWishlist((products) => products.some((saved) => saved.id === product.id));
  const change = useChangeWishlist(userId);

  if (!userId) return { saved: savedHere, toggle: () => toggleHere(product.id) };
  const saved = savedInAccount.data ?? false;
  return { saved, toggle: () => change.mutate({ product, save: !saved }) };
}
