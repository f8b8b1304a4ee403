import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellations';
import { ORDER_MESSAGES, ORDER_PAGE_SIZE } from '@sokoni/contracts/checkout';
import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import type { Sale } from '@sokoni/contracts/orders';
import { apiFailure, pageAnswer } from '@/test/answers';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { SalesPage } from './sales-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const SELLER = '00000000-0000-4000-8000-0000000000a1';
let nextSale = 1;

/** A sale as GET /api/sales lists it: one line, delivered to Kisumu, awaiting shipment. */
function buildSale(overrides: Partial<Sale> = {}): Sale {
  const n = nextSale++;
  const orderId = `abc${String(n).padStart(3, '0')}00-0000-4000-b000-${String(n).padStart(12, '0')}`;
  return {
    orderId,
    paidAt: '2026-03-05T11:05:00.000Z',
    buyer: { name: 'Achieng Odhiambo' },
    delivery: {
      method: 'delivery',
      phone: '+254722000111',
      county: 'Kisumu',
      town: 'Kisumu',
      address: 'Oginga Odinga Street, Mega Plaza',
    },
    items: [
      {
        id: `00000000-0000-4000-c000-${String(n).padStart(12, '0')}`,
        productId: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
        sellerId: SELLER,
        quantity: 2,
        price: 1900,
        product: { name: `Kiondo basket ${n}`, image: null },
        cancelledAt: null,
        cancelledBy: null,
        canCancel: true,
      },
    ],
    total: 3800,
    shipment: {
      sellerId: SELLER,
      sellerName: 'Amina Njeri',
      status: 'awaiting',
      note: null,
      shippedAt: null,
      deliveredAt: null,
    },
    ...overrides,
  };
}

/** GET /api/sales over `sales()`: pages by offset, X-Total-Count. */
function salesRoute(sales: () => Sale[], failing: () => boolean = () => false) {
  return ({ request }: { request: Request }) => {
    if (failing()) return HttpResponse.json({ statusCode: 503, message: 'Down' }, { status: 503 });
    const url = new URL(request.url);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return pageAnswer(sales().slice(offset, offset + ORDER_PAGE_SIZE), sales().length);
  };
}

const cards = () => screen.queryAllByTestId('sale-card');

describe('Sales', () => {
  it("shows a sale's lines, total and paid time, the buyer's name, phone to call and where it goes", async () => {
    const sale = buildSale();
    server.use(
      http.get(
        '/api/sales',
        salesRoute(() => [sale]),
      ),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    const card = within(await screen.findByTestId('sale-card'));
    expect(card.getByRole('heading', { name: `Order #${sale.orderId.slice(0, 6)}` })).toBeTruthy();
    expect(card.getByText(formatNairobiTime(sale.paidAt))).toBeTruthy();
    expect(card.getByTestId('sale-status').textContent).toBe('Awaiting shipment');
    expect(card.getByTestId('sale-item').textContent).toContain(sale.items[0]!.product.name);
    expect(card.getByText('KES 3,800', { selector: 'header p' })).toBeTruthy();
    expect(card.getByText('Achieng Odhiambo')).toBeTruthy();
    const phone = card.getByRole('link', { name: '0722 000 111' });
    expect(phone.getAttribute('href')).toBe('tel:+254722000111');
    expect(card.getByText('Oginga Odinga Street, Mega Plaza, Kisumu, Kisumu County')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Mark shipped' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Mark delivered' })).toBeNull();
  });

  it('links to the earnings of the sales (#27)', async () => {
    server.use(
      http.get(
        '/api/sales',
        salesRoute(() => []),
      ),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    expect((await screen.findByRole('link', { name: 'Your earnings' })).getAttribute('href')).toBe(
      '/earnings',
    );
  });

  it("says a pickup sale is picked up from the seller's shop", async () => {
    server.use(
      http.get(
        '/api/sales',
        salesRoute(() => [
          buildSale({
            delivery: { method: 'pickup', phone: '+254110222333', county: null, town: null, address: null },
          }),
        ]),
      ),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    const card = within(await screen.findByTestId('sale-card'));
    expect(card.getByText("Pickup from the seller's shop")).toBeTruthy();
    expect(card.getByRole('link', { name: '0110 222 333' }).getAttribute('href')).toBe('tel:+254110222333');
  });

  it('marks a sale shipped with a note for the buyer, then delivered', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let sale = buildSale();
    const requests = recordRequests();
    server.use(
      http.get(
        '/api/sales',
        salesRoute(() => [sale]),
      ),
      http.post(`/api/sales/${sale.orderId}/ship`, async ({ request }) => {
        const { note } = (await request.json()) as { note: string };
        sale = {
          ...sale,
          shipment: { ...sale.shipment, status: 'shipped', note, shippedAt: '2026-03-06T07:30:00.000Z' },
        };
        return HttpResponse.json(sale);
      }),
      http.post(`/api/sales/${sale.orderId}/deliver`, () => {
        sale = {
          ...sale,
          shipment: { ...sale.shipment, status: 'delivered', deliveredAt: '2026-03-07T09:00:00.000Z' },
        };
        return HttpResponse.json(sale);
      }),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = within(
      screen.getByRole('dialog', { name: `Mark Order #${sale.orderId.slice(0, 6)} shipped` }),
    );
    await user.type(
      dialog.getByLabelText('Note for the buyer (optional)'),
      'Sent with Easy Coach, parcel KSM-2231',
    );
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      note: 'Sent with Easy Coach, parcel KSM-2231',
    });
    expect(success).toHaveBeenCalledWith(ORDER_MESSAGES.markedShipped);
    const card = within(screen.getByTestId('sale-card'));
    expect(card.getByTestId('sale-status').textContent).toBe('Shipped');
    expect(card.getByText('Note: Sent with Easy Coach, parcel KSM-2231')).toBeTruthy();
    expect(card.getByText(formatNairobiTime('2026-03-06T07:30:00.000Z'))).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Mark shipped' })).toBeNull();

    await user.click(card.getByRole('button', { name: 'Mark delivered' }));
    await waitFor(() => expect(card.getByTestId('sale-status').textContent).toBe('Delivered'));
    expect(success).toHaveBeenCalledWith(ORDER_MESSAGES.markedDelivered);
    expect(card.getByText(formatNairobiTime('2026-03-07T09:00:00.000Z'))).toBeTruthy();
    expect(card.queryByRole('button', { name: /Mark/ })).toBeNull();
  });

  it('cancels a sale the seller cannot fill after asking: the buyer is refunded, and it shows Cancelled (#27)', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let sale = buildSale();
    const cancels: string[] = [];
    server.use(
      http.get(
        '/api/sales',
        salesRoute(() => [sale]),
      ),
      http.post(`/api/sales/${sale.orderId}/cancel`, () => {
        cancels.push(sale.orderId);
        sale = {
          ...sale,
          items: sale.items.map((item) => ({
            ...item,
            cancelledAt: '2026-03-06T07:30:00.000Z',
            cancelledBy: 'seller',
            canCancel: false,
          })),
        };
        return HttpResponse.json({ message: CANCEL_MESSAGES.saleCancelled, refund: 3800 });
      }),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    await user.click(await screen.findByRole('button', { name: 'Cancel sale' }));
    const dialog = within(screen.getByRole('dialog', { name: `Cancel Order #${sale.orderId.slice(0, 6)}?` }));
    expect(dialog.getByText(/Achieng Odhiambo gets KES 3,800 back/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Keep sale' }));
    expect(cancels).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel sale' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel sale' }));

    await waitFor(() => expect(screen.getByTestId('sale-status').textContent).toBe('Cancelled'));
    expect(cancels).toEqual([sale.orderId]);
    expect(success).toHaveBeenCalledWith(CANCEL_MESSAGES.saleCancelled);
    expect(screen.getByTestId('sale-item-cancelled').textContent).toBe('Cancelled');
    expect(screen.queryByRole('button', { name: /Mark|Cancel sale/ })).toBeNull();
  });

  it("shows the server's refusal inside the dialog, and the sale as it now stands", async () => {
    const user = userEvent.setup();
    let sale = buildSale();
    server.use(
      http.get(
        '/api/sales',
        salesRoute(() => [sale]),
      ),
      http.post(`/api/sales/${sale.orderId}/ship`, () => {
        // Shipped meanwhile, from another tab.
        sale = {
          ...sale,
          shipment: { ...sale.shipment, status: 'shipped', shippedAt: '2026-03-06T07:30:00.000Z' },
        };
        return HttpResponse.json(
          { statusCode: 409, code: 'ALREADY_SHIPPED', message: ORDER_MESSAGES.alreadyShipped },
          { status: 409 },
        );
      }),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe(ORDER_MESSAGES.alreadyShipped));
    await waitFor(() => expect(screen.getByTestId('sale-status').textContent).toBe('Shipped'));
  });

  it('shows a NOT_PAID_YET refusal (the order was refunded meanwhile) inside the dialog, and asks for the sales again', async () => {
    const user = userEvent.setup();
    const sale = buildSale();
    const requests = recordRequests();
    server.use(
      http.get(
        '/api/sales',
        salesRoute(() => [sale]),
      ),
      http.post(`/api/sales/${sale.orderId}/ship`, () =>
        apiFailure(409, 'NOT_PAID_YET', ORDER_MESSAGES.notPaidYet),
      ),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe(ORDER_MESSAGES.notPaidYet));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'GET').map((request) => request.path)).toEqual([
        '/api/sales',
        '/api/sales',
      ]),
    );
  });

  it("says You haven't sold anything yet. when there are no sales, with a way to sell", async () => {
    server.use(
      http.get(
        '/api/sales',
        salesRoute(() => []),
      ),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    expect(await screen.findByText(ORDER_MESSAGES.noSales)).toBeTruthy();
    expect(ORDER_MESSAGES.noSales).toBe("You haven't sold anything yet.");
    expect(screen.getByRole('link', { name: 'Sell an item' }).getAttribute('href')).toBe('/sell');
  });

  it('says Failed to load sales when they fail to load, and Try Again loads them', async () => {
    const user = userEvent.setup();
    let down = true;
    server.use(
      http.get(
        '/api/sales',
        salesRoute(
          () => [buildSale()],
          () => down,
        ),
      ),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    expect(screen.getByRole('status', { name: 'Loading your sales' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.salesLoadFailed));
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('shows the first page, then the next on Load more', async () => {
    const user = userEvent.setup();
    const sales = Array.from({ length: 25 }, () => buildSale());
    const requests = recordRequests();
    server.use(
      http.get(
        '/api/sales',
        salesRoute(() => sales),
      ),
    );
    renderWithProviders(<SalesPage />, { url: '/sales' });

    await waitFor(() => expect(cards()).toHaveLength(ORDER_PAGE_SIZE));
    expect(screen.getByText(`Showing ${ORDER_PAGE_SIZE} of 25`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.map((request) => request.url.search)).toEqual(['', '?offset=20']);
  });
});
