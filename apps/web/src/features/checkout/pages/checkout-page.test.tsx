import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { CHECKOUT_PAY_TEXTS, MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import type { Delivery } from '@sokoni/contracts/delivery';
import type { Product } from '@sokoni/contracts/shop';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useCartStore, type CartItem } from '@/stores/cart';
import { buildOrder, buildProduct } from '@/test/api-fakes';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { cardStartAnswer, mpesaStartAnswer } from '@/test/payment-fakes';
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
const ORDER_ID = '00000000-0000-4000-b000-0000000000f1';
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
  initialize = () => cardStartAnswer(AUTHORIZATION_URL),
}: { products?: Product[]; last?: Delivery | null; initialize?: () => Response } = {}) {
  const requests = recordRequests();
  server.use(
    http.get('/api/products', () => HttpResponse.json(products)),
    http.get('/api/orders/last-delivery', () => HttpResponse.json({ delivery: last })),
    http.post('/api/orders', async ({ request }) => {
      const { delivery } = (await request.json()) as { delivery: Delivery };
      return HttpResponse.json(buildOrder({ id: ORDER_ID, totalAmount: 5000, delivery }), { status: 201 });
    }),
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
const continueButton = () => screen.findByRole('button', { name: CHECKOUT_PAY_TEXTS.continueToPayment });
const payByCard = () => screen.findByRole('button', { name: MPESA_MESSAGES.payByCard });

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

    await user.click(await continueButton());
    await user.click(await payByCard());

    await waitFor(() => expect(alertText()).toBe('Payment initiation failed. Please try again.'));
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      'POST /api/payments/initialize',
    );
    expect(goToProvider).not.toHaveBeenCalled();
    // The order is placed and waits in My Orders: its lines have left the cart.
    expect(useCartStore.getState().items).toEqual([]);
  });

  it("places the order with the buyer's last delivery filled in, then goes to the provider", async () => {
    const user = userEvent.setup();
    const { requests } = serveCheckout({ last: KISUMU });
    renderCheckout();

    expect(((await screen.findByLabelText('Phone number')) as HTMLInputElement).value).toBe('0722 000 111');
    await user.click(await continueButton());
    expect((await screen.findByTestId('placed-order')).textContent).toBe(
      CHECKOUT_PAY_TEXTS.placed('Order #000000', 'KES 5,000'),
    );
    await user.click(await payByCard());

    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(screen.getAllByRole('status').at(-1)?.textContent).toBe('Redirecting to Sokoni Sandbox...');
    expect(requests.find((request) => request.path === '/api/payments/initialize')?.body).toEqual({
      paymentType: 'order',
      orderId: ORDER_ID,
      method: 'card',
      email: 'wanjiku@example.co.ke',
      amount: 5000,
      callback_url: `${window.location.origin}/payment/callback`,
    });
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
    await user.click(await continueButton());

    await screen.findByTestId('placed-order');
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
    await user.click(await continueButton());

    await screen.findByTestId('placed-order');
    const order = requests.find((request) => request.path === '/api/orders')?.body as {
      items: Array<{ productId: string }>;
    };
    expect(order.items.map((item) => item.productId)).toEqual([basket.id]);
    expect(useCartStore.getState().items).toEqual([lineOf(phone, 1)]);
  });

  it('pays the placed order with M-Pesa, the delivery phone offered, and waits for the phone', async () => {
    const user = userEvent.setup();
    const { requests } = serveCheckout({
      last: KISUMU,
      initialize: () => mpesaStartAnswer({ reference: 'ref_order', amount: 5000 }),
    });
    renderCheckout();

    await user.click(await continueButton());
    const number = (await screen.findByLabelText(MPESA_MESSAGES.numberLabel)) as HTMLInputElement;
    expect(number.value).toBe('0722 000 111');
    expect(document.activeElement?.textContent).toBe(CHECKOUT_PAY_TEXTS.payHeading);
    await user.click(screen.getByRole('button', { name: 'Pay KES 5,000 with M-Pesa' }));

    await waitFor(() => expect(currentUrl()).toBe('/payment/callback?reference=ref_order&method=mpesa'));
    expect(requests.find((request) => request.path === '/api/payments/initialize')?.body).toMatchObject({
      paymentType: 'order',
      orderId: ORDER_ID,
      method: 'mpesa',
      phone: '+254722000111',
      email: 'wanjiku@example.co.ke',
    });
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('sends the shopper back to the cart when nothing in it can be bought', async () => {
    serveCheckout({ products: [] });
    renderCheckout();

    await waitFor(() => expect(currentUrl()).toBe('/cart'));
  });
});
