import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_QUANTITY_MAX } from '@sokoni/contracts/checkout';
import { CART_STORAGE_KEY, selectCartCount, selectCartSubtotal, useCartStore } from './cart';

const kikoy = { id: 'p1', name: 'Kikoy beach wrap', image: '/uploads/kikoy.webp', price: 1200 };
const kiondo = { id: 'p2', name: 'Kiondo basket', image: '/uploads/kiondo.webp', price: 2500 };

const items = () => useCartStore.getState().items;
const cart = () => useCartStore.getState();

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ items: [], notices: [] });
});

describe('cart store', () => {
  it('adds a new product with quantity 1', () => {
    cart().addItem(kikoy);
    expect(items()).toEqual([{ ...kikoy, quantity: 1 }]);
  });

  it('raises the quantity by 1 when the product is already in the cart', () => {
    cart().addItem(kikoy);
    cart().addItem(kiondo);
    cart().addItem(kikoy);
    expect(items()).toEqual([
      { ...kikoy, quantity: 2 },
      { ...kiondo, quantity: 1 },
    ]);
  });

  it('removes a line', () => {
    cart().addItem(kikoy);
    cart().addItem(kiondo);
    cart().removeItem('p1');
    expect(items()).toEqual([{ ...kiondo, quantity: 1 }]);
  });

  it('clears the cart', () => {
    cart().addItem(kikoy);
    cart().addItem(kiondo);
    cart().clearCart();
    expect(items()).toEqual([]);
  });

  it('increases a quantity by 1', () => {
    cart().addItem(kikoy);
    cart().increaseQuantity('p1');
    expect(items()[0]?.quantity).toBe(2);
  });

  it('decreases a quantity by 1', () => {
    cart().addItem(kikoy);
    cart().increaseQuantity('p1');
    cart().decreaseQuantity('p1');
    expect(items()).toEqual([{ ...kikoy, quantity: 1 }]);
  });

  it('removes the line when decreasing reaches 0', () => {
    cart().addItem(kikoy);
    cart().addItem(kiondo);
    cart().decreaseQuantity('p1');
    expect(items()).toEqual([{ ...kiondo, quantity: 1 }]);
  });

  it('leaves other lines alone when changing one', () => {
    cart().addItem(kikoy);
    cart().addItem(kiondo);
    cart().increaseQuantity('p2');
    expect(items()[0]).toEqual({ ...kikoy, quantity: 1 });
  });

  it('counts units, not lines', () => {
    expect(selectCartCount(cart())).toBe(0);
    cart().addItem(kikoy);
    cart().addItem(kikoy);
    cart().addItem(kiondo);
    expect(selectCartCount(cart())).toBe(3);
  });

  it('sums price × quantity over every line for the subtotal', () => {
    expect(selectCartSubtotal(cart())).toBe(0);
    cart().addItem(kikoy);
    cart().addItem(kikoy);
    cart().addItem(kiondo);
    expect(selectCartSubtotal(cart())).toBe(2 * 1200 + 2500);
    cart().decreaseQuantity('p1');
    expect(selectCartSubtotal(cart())).toBe(1200 + 2500);
    cart().removeItem('p2');
    expect(selectCartSubtotal(cart())).toBe(1200);
  });

  it('persists the items in local storage under cart-storage', () => {
    cart().addItem(kikoy);
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}');
    expect(CART_STORAGE_KEY).toBe('cart-storage');
    expect(stored.state.items).toEqual([{ ...kikoy, quantity: 1 }]);
  });

  it(`stops adding and increasing at ${ORDER_QUANTITY_MAX} units, and at the units available when told`, () => {
    cart().addItem(kikoy);
    useCartStore.setState({ items: [{ ...kikoy, quantity: ORDER_QUANTITY_MAX }] });
    cart().addItem(kikoy);
    cart().increaseQuantity('p1', 500);
    expect(items()[0]?.quantity).toBe(ORDER_QUANTITY_MAX);

    cart().addItem(kiondo);
    cart().increaseQuantity('p2', 2);
    cart().increaseQuantity('p2', 2);
    expect(items()[1]?.quantity).toBe(2);
    cart().increaseQuantity('p2', 0);
    expect(items()[1]?.quantity).toBe(2);
  });

  it("takes the server's price, name and image, cuts a quantity to what is available and says what changed", () => {
    cart().addItem(kikoy);
    cart().addItem(kiondo);
    cart().increaseQuantity('p2');
    cart().increaseQuantity('p2');
    cart().refreshLines([
      { id: 'p1', title: 'Kikoy wrap', image: '/uploads/kikoy-2.webp', price: 1350, available: 10 },
      { id: 'p2', title: 'Kiondo basket', image: '/uploads/kiondo.webp', price: 2500, available: 2 },
    ]);
    expect(items()).toEqual([
      { id: 'p1', name: 'Kikoy wrap', image: '/uploads/kikoy-2.webp', price: 1350, quantity: 1 },
      { ...kiondo, quantity: 2 },
    ]);
    expect(cart().notices).toEqual([
      'The price of Kikoy wrap changed to KES 1,350.',
      'Only 2 of Kiondo basket left.',
    ]);
  });

  it('keeps a sold-out line as it is, and its notices until something else changes', () => {
    cart().addItem(kikoy);
    cart().refreshLines([{ ...kikoy, title: kikoy.name, price: 1500, available: 0 }]);
    expect(items()).toEqual([{ ...kikoy, price: 1500, quantity: 1 }]);
    cart().refreshLines([{ ...kikoy, title: kikoy.name, price: 1500, available: 0 }]);
    expect(cart().notices).toEqual(['The price of Kikoy beach wrap changed to KES 1,500.']);
    cart().clearCart();
    expect(cart().notices).toEqual([]);
  });

  it('leaves the lines and their storage untouched when nothing changed', () => {
    cart().addItem(kikoy);
    const before = items();
    cart().refreshLines([{ ...kikoy, title: kikoy.name, available: 3 }]);
    expect(items()).toBe(before);
    expect(cart().notices).toEqual([]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}').state).toEqual({
      items: [{ ...kikoy, quantity: 1 }],
    });
  });
});
