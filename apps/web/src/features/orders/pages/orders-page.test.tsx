import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES, ORDER_PAGE_SIZE } from '@sokoni/contracts/checkout';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import type { Order } from '@sokoni/contracts/orders';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { pageAnswer } from '@/test/answers';
import { buildOrder } from '@/test/api-fakes';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { cardStartAnswer, mpesaStartAnswer } from '@/test/payment-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { OrdersPage } from './orders-page';

// Leaving the app for the provider's page is a full navigation: the test only sees where it would go.
vi.mock('@/lib/payment-flow', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentFlow>()),
  goToProvider: vi.fn(),
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(goToProvider).mockReset();
  useAuthStore.setState({ user: null });
});

/** The server's GET /api/orders over `orders` (newest first): pages by offset, X-Total-Count. */
function serveOrders(orders: Order[], failing: (offset: number) => boolean = () => false) {
  const requests = recordRequests();
  server.use(
    http.get('/api/orders', ({ request }) => {
      const url = new URL(request.url);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (failing(offset)) return HttpResponse.json({ statusCode: 503, message: 'Down' }, { status: 503 });
      const limit = Number(url.searchParams.get('limit') ?? ORDER_PAGE_SIZE);
      return pageAnswer(orders.slice(offset, offset + limit), orders.length);
    }),
  );
  return requests;
}

const shownOrders = () => screen.queryAllByTestId('order-card');
const loadMore = () => screen.queryByRole('button', { name: 'Load more' });

describe('My Orders', () => {
  it('shows the first 20 orders, then the next page on Load more until all are loaded', async () => {
    const user = userEvent.setup();
    const orders = Array.from({ length: 45 }, () => buildOrder());
    const requests = serveOrders(orders);
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await waitFor(() => expect(shownOrders()).toHaveLength(20));
    expect(screen.getByText('Showing 20 of 45 orders')).toBeTruthy();
    expect(requests.map(({ url }) => url.pathname + url.search)).toEqual(['/api/orders']);

    await user.click(loadMore()!);
    await waitFor(() => expect(shownOrders()).toHaveLength(40));
    expect(screen.getByText('Showing 40 of 45 orders')).toBeTruthy();

    await user.click(loadMore()!);
    await waitFor(() => expect(shownOrders()).toHaveLength(45));
    expect(loadMore()).toBeNull();
    expect(requests.map(({ url }) => url.search)).toEqual(['', '?offset=20', '?offset=40']);
    const names = shownOrders().map((card) => card.querySelector('ul li')?.textContent ?? '');
    expect(names[0]).toContain(orders[0]!.items[0]!.product.name);
    expect(names[44]).toContain(orders[44]!.items[0]!.product.name);
  });

  it('offers no Load more when every order is on the first page', async () => {
    const requests = serveOrders([buildOrder({ status: 'paid' }), buildOrder()]);
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await waitFor(() => expect(shownOrders()).toHaveLength(2));
    expect(loadMore()).toBeNull();
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it("says You haven't placed any orders yet. when there are none", async () => {
    serveOrders([]);
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await waitFor(() => expect(screen.getByText(ORDER_MESSAGES.empty)).toBeTruthy());
    expect(ORDER_MESSAGES.empty).toBe("You haven't placed any orders yet.");
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('says Failed to load orders when the first page fails, and Try Again loads it', async () => {
    const user = userEvent.setup();
    let down = true;
    serveOrders([buildOrder()], () => down);
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to load orders'));
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(shownOrders()).toHaveLength(1));
  });

  it('keeps the loaded orders when the next page fails, and Load more tries again', async () => {
    const user = userEvent.setup();
    let down = true;
    serveOrders(
      Array.from({ length: 25 }, () => buildOrder()),
      (offset) => offset > 0 && down,
    );
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await waitFor(() => expect(shownOrders()).toHaveLength(20));
    await user.click(loadMore()!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.loadFailed));
    expect(shownOrders()).toHaveLength(20);

    down = false;
    await user.click(loadMore()!);
    await waitFor(() => expect(shownOrders()).toHaveLength(25));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loadMore()).toBeNull();
  });
});

describe('My Orders: delivery, shipments and paying again', () => {
  const SHOPPER = { id: 'u1', name: 'Amina Wanjiru', email: 'amina@example.co.ke', role: 'user', token: 't' };
  const cardOf = (order: Order) =>
    screen
      .getAllByTestId('order-card')
      .find((card) => card.textContent?.includes(order.items[0]!.product.name)) as HTMLElement;

  it("shows where each order goes, and each seller's shipment once it is paid", async () => {
    const paid = buildOrder({
      status: 'paid',
      paidAt: '2026-11-20T10:00:00.000Z',
      delivery: {
        method: 'delivery',
        phone: '+254722000111',
        county: 'Kisumu',
        town: 'Kisumu',
        address: 'Oginga Odinga Street',
      },
      shipments: [
        {
          sellerId: 's1',
          sellerName: 'Achieng Crafts',
          status: 'awaiting',
          note: null,
          shippedAt: null,
          deliveredAt: null,
        },
        {
          sellerId: 's2',
          sellerName: 'Baraka Mwangi',
          status: 'shipped',
          note: 'G4S, waybill 4471',
          shippedAt: '2026-11-21T08:30:00.000Z',
          deliveredAt: null,
        },
      ],
    });
    const pickup = buildOrder({
      delivery: { method: 'pickup', phone: '+254712345678', county: null, town: null, address: null },
    });
    server.use(http.get('/api/orders', () => pageAnswer([paid, pickup])));
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await waitFor(() => expect(shownOrders()).toHaveLength(2));
    const paidCard = within(cardOf(paid));
    expect(paidCard.getByTestId('delivery-details').textContent).toBe(
      'Deliver toOginga Odinga Street, Kisumu, Kisumu CountyPhone0722 000 111',
    );
    expect(paidCard.getByRole('link', { name: '0722 000 111' }).getAttribute('href')).toBe(
      'tel:+254722000111',
    );
    const shipments = paidCard.getAllByTestId('shipment');
    expect(shipments.map((shipment) => within(shipment).getByTestId('shipment-status').textContent)).toEqual([
      'Awaiting shipment',
      'Shipped',
    ]);
    expect(shipments[1]?.textContent).toContain('21 Nov 2026 · G4S, waybill 4471');
    expect(paidCard.queryByRole('button', { name: 'Pay now' })).toBeNull();

    const pickupCard = within(cardOf(pickup));
    expect(pickupCard.getByTestId('delivery-details').textContent).toBe(
      "DeliveryPickup from the seller's shopPhone0712 345 678",
    );
    expect(pickupCard.queryAllByTestId('shipment')).toHaveLength(0);
  });

  it('opens the pay step on Pay now, the delivery phone offered, and pays the same order by M-Pesa', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ user: SHOPPER });
    const pending = buildOrder({ totalAmount: 45_000 });
    const requests = recordRequests();
    server.use(
      http.get('/api/orders', () => pageAnswer([pending])),
      http.post('/api/payments/initialize', () => mpesaStartAnswer({ reference: 'ref_again' })),
    );
    renderWithProviders(
      <>
        <OrdersPage />
        <CurrentUrl />
      </>,
      { url: '/orders' },
    );

    const payNow = await screen.findByRole('button', { name: 'Pay now' });
    expect(payNow.getAttribute('aria-expanded')).toBe('false');
    await user.click(payNow);
    expect(payNow.getAttribute('aria-expanded')).toBe('true');
    const card = within(cardOf(pending));
    expect(card.getByLabelText<HTMLInputElement>(MPESA_MESSAGES.numberLabel).value).toBe('0712 345 678');
    await user.click(card.getByRole('button', { name: 'Pay KES 45,000 with M-Pesa' }));

    await waitFor(() => expect(currentUrl()).toBe('/payment/callback?reference=ref_again&method=mpesa'));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      email: 'amina@example.co.ke',
      amount: 45_000,
      paymentType: 'order',
      orderId: pending.id,
      method: 'mpesa',
      phone: '+254712345678',
    });
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('offers Pay now on a pending order, paying the same order again and going to the provider', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ user: SHOPPER });
    const pending = buildOrder({ totalAmount: 45_000 });
    server.use(
      http.get('/api/orders', () => pageAnswer([pending])),
      http.post('/api/payments/initialize', () => cardStartAnswer('https://pay.example/again')),
    );
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    await user.click(screen.getByRole('button', { name: MPESA_MESSAGES.payByCard }));

    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('https://pay.example/again'));
  });

  it('says what is no longer available when paying again is refused, staying on My Orders', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ user: SHOPPER });
    const pending = buildOrder();
    server.use(
      http.get('/api/orders', () => pageAnswer([pending])),
      http.post('/api/payments/initialize', () =>
        HttpResponse.json(
          { statusCode: 409, code: 'SOLD_OUT', message: ORDER_MESSAGES.soldOut('Used iPhone 12') },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    await user.click(screen.getByRole('button', { name: 'Pay KES 1,500 with M-Pesa' }));

    await waitFor(() =>
      expect(within(cardOf(pending)).getByRole('alert').textContent).toBe(
        'Sold out: Used iPhone 12 has no units left.',
      ),
    );
    expect(goToProvider).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay KES 1,500 with M-Pesa' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
