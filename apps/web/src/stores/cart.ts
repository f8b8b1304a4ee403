import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type CartItem = {
  id: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
};

type CartState = {
  items: CartItem[];
  /** Adding a product already in the cart raises its quantity by 1; otherwise it is added with quantity 1. */
  addItem: (product: Omit<CartItem, 'quantity'>) => void;
  removeItem: (id: string) => void;
  clearCart: () => void;
  increaseQuantity: (id: string) => void;
  /** Lowers the quantity by 1 and removes the line when it reaches 0. */
  decreaseQuantity: (id: string) => void;
};

export const CART_STORAGE_KEY = 'cart-storage';

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      addItem: (product) =>
        set(({ items }) =>
          items.some((item) => item.id === product.id)
            ? {
                items: items.map((item) =>
                  item.id === product.id ? { ...item, quantity: item.quantity + 1 } : item,
                ),
              }
            : { items: [...items, { ...product, quantity: 1 }] },
        ),
      removeItem: (id) => set(({ items }) => ({ items: items.filter((item) => item.id !== id) })),
      clearCart: () => set({ items: [] }),
      increaseQuantity: (id) =>
        set(({ items }) => ({
          items: items.map((item) => (item.id === id ? { ...item, quantity: item.quantity + 1 } : item)),
        })),
      decreaseQuantity: (id) =>
        set(({ items }) => ({
          items: items
            .map((item) => (item.id === id ? { ...item, quantity: item.quantity - 1 } : item))
            .filter((item) => item.quantity > 0),
        })),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ items: state.items }),
    },
  ),
);

/** Number of units in the cart (the header badge). */
export const selectCartCount = (state: Pick<CartState, 'items'>): number =>
  state.items.reduce((total, item) => total + item.quantity, 0);

/** Sum of price × quantity over every line (spec §2 Cart subtotal), in shillings. */
export const selectCartSubtotal = (state: Pick<CartState, 'items'>): number =>
  state.items.reduce((total, item) => total + item.price * item.quantity, 0);
