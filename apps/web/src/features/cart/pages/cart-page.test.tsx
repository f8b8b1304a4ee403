import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES, ORDER_QUANTITY_MAX } from '@sokoni/contracts/checkout';
import type { Product } from '@sokoni/contracts/shop';
import { useCartStore, type CartItem } from '@/stores/cart';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { CartPage } from './cart-page';

const lineOf = (product: Product, quantity: number, price = product.price): CartItem => ({
  id: product.id,
  name: product.title,
  image: product.image[0] ?? '',
  price,
  quantity,
});

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useCartStore.setState({ items: [], notices: [] });
  vi.restoreAllMocks();
});

/** GET /api/products?ids= answering `products` (whatever ids it is asked for). */
function serveProducts(products: Product[]) {
  const requests = recordRequests();
  server.use(http.get('/api/products', () => HttpResponse.json(products)));
  return { requests };
}

const lineNamed = (name: string) =>
  screen.getAllByTestId('cart-line').find((line) => line.textContent?.includes(name)) as HTMLElement;
const subtotal = () => screen.getByTestId('cart-subtotal').textContent;
const notices = () =>
  within(screen.getByRole('list', { name: 'Changes to your cart' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the cart stays true', () => {
  it('asks the server for exactly its products when it opens', async () => {
    const basket = buildProduct({ title: 'Kiondo basket' });
    const lamp = buildProduct({ title: 'Solar lamp' });
    useCartStore.setState({ items: [lineOf(lamp, 1), lineOf(basket, 1)] });
    const { requests } = serveProducts([basket, lamp]);
    renderWithProviders(<CartPage />, { url: '/cart' });

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url.searchParams.get('ids')?.split(',')).toEqual([basket.id, lamp.id].sort());
  });

  it('updates a changed price on its line, with a notice, and in the subtotal', async () => {
    const basket = buildProduct({ title: 'Kiondo basket', price: 2800 });
    useCartStore.setState({ items: [lineOf(basket, 2, 2500)] });
    serveProducts([basket]);
    renderWithProviders(<CartPage />, { url: '/cart' });

    await waitFor(() =>
      expect(notices()).toEqual([ORDER_MESSAGES.cartPriceChanged('Kiondo basket', 'KES 2,800')]),
    );
    expect(notices()).toEqual(['The price of Kiondo basket changed to KES 2,800.']);
    expect(within(lineNamed('Kiondo basket')).getByText('KES 2,800 each')).toBeTruthy();
    expect(subtotal()).toBe('KES 5,600');
    expect(useCartStore.getState().items[0]?.price).toBe(2800);
  });

  it('marks a sold-out product and keeps it out of the subtotal and of checkout', async () => {
    const basket = buildProduct({ title: 'Kiondo basket', price: 2500 });
    const phone = buildProduct({ title: 'Used iPhone 12', price: 45_000, stock: 1, available: 0 });
    useCartStore.setState({ items: [lineOf(basket, 1), lineOf(phone, 1)] });
    serveProducts([basket, phone]);
    renderWithProviders(<CartPage />, { url: '/cart' });

    const soldOut = await waitFor(() =>
      within(lineNamed('Used iPhone 12')).getByTestId('cart-line-kept-out'),
    );
    expect(soldOut.textContent).toBe('Used iPhone 12 is sold out: it is kept out of checkout.');
    expect(within(lineNamed('Used iPhone 12')).queryByRole('group', { name: /Quantity/ })).toBeNull();
    expect(subtotal()).toBe('KES 2,500');
    expect(screen.getByText('Subtotal (1 item)')).toBeTruthy();
    expect(useCartStore.getState().items).toHaveLength(2);
  });

  it('says a deleted product is no longer available, and offers no checkout when nothing can be bought', async () => {
    const gone = buildProduct({ title: 'Maasai shuka' });
    useCartStore.setState({ items: [lineOf(gone, 1)] });
    serveProducts([]);
    renderWithProviders(<CartPage />, { url: '/cart' });

    await waitFor(() =>
      expect(within(lineNamed('Maasai shuka')).getByTestId('cart-line-kept-out').textContent).toBe(
        ORDER_MESSAGES.cartUnavailable('Maasai shuka'),
      ),
    );
    expect(subtotal()).toBe('KES 0');
    expect(screen.queryByRole('link', { name: 'Proceed to Checkout' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Maasai shuka' })).toBeTruthy();
  });

  it('cuts a quantity to the units available, says so, and stops the stepper there', async () => {
    const user = userEvent.setup();
    const lamp = buildProduct({ title: 'Solar lamp', price: 1000, stock: 3, available: 2 });
    useCartStore.setState({ items: [lineOf(lamp, 5)] });
    serveProducts([lamp]);
    renderWithProviders(<CartPage />, { url: '/cart' });

    await waitFor(() => expect(notices()).toEqual([ORDER_MESSAGES.notEnoughStock('Solar lamp', 2)]));
    const line = lineNamed('Solar lamp');
    expect(within(line).getByTestId('cart-line-quantity').textContent).toBe('2');
    const increase = within(line).getByRole('button', { name: 'Increase quantity of Solar lamp' });
    expect((increase as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(line).getByRole('button', { name: 'Decrease quantity of Solar lamp' }));
    expect((increase as HTMLButtonElement).disabled).toBe(false);
    await user.click(increase);
    expect(within(line).getByTestId('cart-line-quantity').textContent).toBe('2');
    expect(subtotal()).toBe('KES 2,000');
  });

  it(`never lets a line hold more than ${ORDER_QUANTITY_MAX} units, however many are in stock`, async () => {
    const user = userEvent.setup();
    const soap = buildProduct({ title: 'Bar soap', price: 100, stock: 500, available: 500 });
    useCartStore.setState({ items: [lineOf(soap, 150)] });
    serveProducts([soap]);
    renderWithProviders(<CartPage />, { url: '/cart' });

    const quantity = () => within(lineNamed('Bar soap')).getByTestId('cart-line-quantity').textContent;
    await waitFor(() => expect(quantity()).toBe('99'));
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Bar soap' }));
    expect(quantity()).toBe('99');
  });
});
