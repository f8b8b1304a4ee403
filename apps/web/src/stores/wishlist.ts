import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * A visitor's hearts, kept on this device (spec §4: the heart toggles locally) until they sign in,
 * when they move into the account's wishlist. Oldest first.
 */
type VisitorWishlistState = {
  productIds: string[];
  toggle: (productId: string) => void;
  /** Drops these products (they are in the account now, or can never be). */
  forget: (productIds: string[]) => void;
};

export const VISITOR_WISHLIST_STORAGE_KEY = 'wishlist-storage';

export const useVisitorWishlistStore = create<VisitorWishlistState>()(
  persist(
    (set) => ({
      productIds: [],
      toggle: (productId) =>
        set(({ productIds }) => ({
          productIds: productIds.includes(productId)
            ? productIds.filter((id) => id !== productId)
            : [...productIds, productId],
        })),
      forget: (forgotten) =>
        set(({ productIds }) => ({ productIds: productIds.filter((id) => !forgotten.includes(id)) })),
    }),
    {
      name: VISITOR_WISHLIST_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ productIds: state.productIds }),
    },
  ),
);
