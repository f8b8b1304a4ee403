import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import type { Delivery } from '@sokoni/contracts/delivery';
import type { Product } from '@sokoni/contracts/shop';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useCartStore, type CartItem } from '@/stores/cart';
import { buildProduct } from '@/test/api-fakes';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { CheckoutPage } from './checkout-page';

// Leaving the app for the provider's page is a full navigation: the test only sees where it would go.
vi.mock('@/lib/payment-flow', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentFlow>()),
  goToProvider: vi.fn(),
}));

const SHOPPER = { id: 'u1', name: 'Wanjiku Kamau', email: 'wanjiku@example.co.ke', role: 'user', token: 't' };
const AUTHORIZATION_URL = 'https://checkout.example/pay/abc';
const KISUMU: Delivery = {
  method: 'delivery',
  phone: '+254722000111',
  county: 'Kisumu',
  town: 'Kisumu',
  address: 'Oginga Odinga Street',
};

const basket = buildProduct({ title: 'Kiondo basket', price: 2500 });
const lineOf = (product: Product, quantity: number): CartItem => ({
  id: product.id,
  name: product.title,
  image: product.image[0] ?? '',
  price: product.price,
  quantity,
});

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: SHOPPER });
  useCartStore.setState({ items: [lineOf(basket, 2)], notices: [] });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  useCartStore.setState({ items: [], notices: [] });
  vi.restoreAllMocks();
  vi.mocked(goToProvider).mockReset();
});

/** The API checkout talks to: the cart's products as `products` says, the last delivery, orders and payments. */
function serveCheckout({
  products = [basket],
  last = null,
  initialize = () => HttpResponse.json({ status: true, data: { authorization_url: AUTHORIZATION_URL } }),
}: { products?: Product[]; last?: Delivery | null; initialize?: () => Response } = {}) {
  const requests = recordRequests();
  server.use(
    http.get('/api/products', () => HttpResponse.json(products)),
    http.get('/api/orders/last-delivery', () => HttpResponse.json({ delivery: last })),
    http.post('/api/orders', () => HttpResponse.json({ id: 'o1', totalAmount: 5000 }, { status: 201 })),
    http.post('/api/payments/initialize', initialize),
  );
  return { requests };
}

const alertText = () => screen.queryByRole('alert')?.textContent;
const renderCheckout = () =>
  renderWithProviders(
    <>
      <CheckoutPage />
      <CurrentUrl />
    </>,
    { url: '/checkout' },
  );

describe('checkout page', () => {
  it("says 'User not logged in' when nobody is signed in, and offers no payment", () => {
    useAuthStore.setState({ user: null });
    serveCheckout();
    const { container } = renderCheckout();

    expect(alertText()).toBe('User not logged in');
    expect(container.querySelector('form')).toBeNull();
  });

  it("falls back to 'Payment initiation failed. Please try again.' when the payment cannot start and the server says nothing", async () => {
    const user = userEvent.setup();
    const { requests } = serveCheckout({
      last: KISUMU,
      initialize: () => new HttpResponse('', { status: 502 }),
    });
    renderCheckout();

    await user.click(await screen.findByRole('button', { name: /^Pay / }));

    await waitFor(() => expect(alertText()).toBe('Payment initiation failed. Please try again.'));
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      'POST /api/payments/initialize',
    );
    expect(useCartStore.getState().items).toEqual([lineOf(basket, 2)]);
  });

  it("places the order with the buyer's last delivery filled in, then goes to the provider", async () => {
    const user = userEvent.setup();
    const { requests } = serveCheckout({ last: KISUMU });
    renderCheckout();

    expect(((await screen.findByLabelText('Phone number')) as HTMLInputElement).value).toBe('0722 000 111');
    await user.click(screen.getByRole('button', { name: 'Pay KES 5,000 with Sokoni Sandbox' }));

    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(
      requests.find((request) => request.path === '/api/orders' && request.method === 'POST')?.body,
    ).toEqual({
      items: [{ productId: basket.id, quantity: 2, price: 2500 }],
      delivery: KISUMU,
    });
    expect(requests.find((request) => request.path === '/api/products')?.url.searchParams.get('ids')).toBe(
      basket.id,
    );
    expect(useCartStore.getState().items).toEqual([]);
  });

  it('takes the current price before paying, saying it changed', async () => {
    const user = userEvent.setup();
    const { requests } = serveCheckout({ products: [{ ...basket, price: 2800 }], last: KISUMU });
    renderCheckout();

    await waitFor(() =>
      expect(screen.getByText(ORDER_MESSAGES.cartPriceChanged('Kiondo basket', 'KES 2,800'))).toBeTruthy(),
    );
    expect(screen.getByTestId('checkout-total').textContent).toBe('KES 5,600');
    await user.click(screen.getByRole('button', { name: 'Pay KES 5,600 with Sokoni Sandbox' }));

    await waitFor(() => expect(goToProvider).toHaveBeenCalled());
    const order = requests.find((request) => request.path === '/api/orders')?.body as {
      items: Array<{ price: number }>;
    };
    expect(order.items.map((item) => item.price)).toEqual([2800]);
  });

  it('keeps a sold-out product out of the order, says so, and leaves it in the cart', async () => {
    const user = userEvent.setup();
    const phone = buildProduct({ title: 'Used iPhone 12', price: 45_000, stock: 1, available: 0 });
    useCartStore.setState({ items: [lineOf(basket, 2), lineOf(phone, 1)] });
    const { requests } = serveCheckout({ products: [basket, phone], last: KISUMU });
    renderCheckout();

    await waitFor(() => expect(screen.getByText(ORDER_MESSAGES.cartSoldOut('Used iPhone 12'))).toBeTruthy());
    expect(screen.getAllByTestId('checkout-line')).toHaveLength(1);
    expect(screen.getByTestId('checkout-total').textContent).toBe('KES 5,000');
    await user.click(screen.getByRole('button', { name: 'Pay KES 5,000 with Sokoni Sandbox' }));

    await waitFor(() => expect(goToProvider).toHaveBeenCalled());
    const order = requests.find((request) => request.path === '/api/orders')?.body as {
      items: Array<{ productId: string }>;
    };
    expect(order.items.map((item) => item.productId)).toEqual([basket.id]);
    expect(useCartStore.getState().items).toEqual([lineOf(phone, 1)]);
  });

  it('sends the shopper back to the cart when nothing in it can be bought', async () => {
    serveCheckout({ products: [] });
    renderCheckout();

    await waitFor(() => expect(currentUrl()).toBe('/cart'));
  });
});
