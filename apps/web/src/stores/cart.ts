import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ORDER_MESSAGES, ORDER_QUANTITY_MAX } from '@sokoni/contracts/checkout';
import { formatKES } from '@sokoni/contracts/money';

export type CartItem = {
  id: string;
  name: string;
  image: string;
  price: number;
  quantity: number;
};

/** A cart line's product as the server has it now. */
export type CurrentProduct = { id: string; title: string; image: string; price: number; available: number };

type CartState = {
  items: CartItem[];
  /** What the last refresh that changed something told the shopper (not kept across visits). */
  notices: string[];
  /**
   * Adding a product already in the cart raises its quantity by 1 (up to ORDER_QUANTITY_MAX);
   * otherwise it is added with quantity 1.
   */
  addItem: (product: Omit<CartItem, 'quantity'>) => void;
  removeItem: (id: string) => void;
  clearCart: () => void;
  /** Raises the quantity by 1, up to `max` (what is available) and never past ORDER_QUANTITY_MAX. */
  increaseQuantity: (id: string, max?: number) => void;
  /** Lowers the quantity by 1 and removes the line when it reaches 0. */
  decreaseQuantity: (id: string) => void;
  /**
   * Brings the lines of these products up to date (#15): the current name, image and price, and no
   * more units than are available, telling the shopper each changed price and each quantity cut.
   * A sold-out line keeps its quantity: it is kept out of checkout instead.
   */
  refreshLines: (products: CurrentProduct[]) => void;
};

/** The most units of a product a line may hold: what is available, and never more than an order allows. */
export const lineLimit = (available: number): number => Math.min(available, ORDER_QUANTITY_MAX);

function refreshed(items: CartItem[], products: CurrentProduct[]): { items: CartItem[]; notices: string[] } {
  const current = new Map(products.map((product) => [product.id, product]));
  const notices: string[] = [];
  const next = items.map((item) => {
    const product = current.get(item.id);
    if (!product) return item;
    if (product.price !== item.price) {
      notices.push(ORDER_MESSAGES.cartPriceChanged(product.title, formatKES(product.price)));
    }
    let quantity = Math.min(item.quantity, ORDER_QUANTITY_MAX);
    if (product.available > 0 && quantity > product.available) {
      quantity = product.available;
      notices.push(ORDER_MESSAGES.notEnoughStock(product.title, product.available));
    }
    const line = { ...item, name: product.title, image: product.image, price: product.price, quantity };
    const changed = (Object.keys(line) as Array<keyof CartItem>).some((key) => line[key] !== item[key]);
    return changed ? line : item;
  });
  return { items: next.some((item, index) => item !== items[index]) ? next : items, notices };
}

export const CART_STORAGE_KEY = 'cart-storage';

export const useCartStore = create<CartState>()(
  persist(
    (set, get) => ({
      items: [],
      notices: [],
      addItem: (product) =>
        set(({ items }) =>
          items.some((item) => item.id === product.id)
            ? {
                items: items.map((item) =>
                  item.id === product.id
                    ? { ...item, quantity: Math.min(item.quantity + 1, ORDER_QUANTITY_MAX) }
                    : item,
                ),
              }
            : { items: [...items, { ...product, quantity: 1 }] },
        ),
      removeItem: (id) => set(({ items }) => ({ items: items.filter((item) => item.id !== id) })),
      clearCart: () => set({ items: [], notices: [] }),
      increaseQuantity: (id, max = ORDER_QUANTITY_MAX) =>
        set(({ items }) => ({
          items: items.map((item) =>
            item.id === id && item.quantity < lineLimit(max)
              ? { ...item, quantity: item.quantity + 1 }
              : item,
          ),
        })),
      decreaseQuantity: (id) =>
        set(({ items }) => ({
          items: items
            .map((item) => (item.id === id ? { ...item, quantity: item.quantity - 1 } : item))
            .filter((item) => item.quantity > 0),
        })),
      refreshLines: (products) => {
        const { items, notices } = refreshed(get().items, products);
        if (items !== get().items) set(notices.length > 0 ? { items, notices } : { items });
      },
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
