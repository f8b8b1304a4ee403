import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellations';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import type { Order } from '@sokoni/contracts/orders';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import { apiFailure } from '@/test/answers';
import { buildOrder } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { OrderPage } from './order-page';

afterEach(() => {
  vi.restoreAllMocks();
});

const renderAt = (url: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/orders/:id" element={<OrderPage />} />
    </Routes>,
    { url },
  );

describe("an order's own page", () => {
  it('shows the order with its delivery, and Pay now while it is pending, opening the pay step', async () => {
    const order = buildOrder();
    const requests = recordRequests();
    server.use(http.get(`/api/orders/${order.id}`, () => HttpResponse.json(order)));
    renderAt(`/orders/${order.id}`);

    await waitFor(() => expect(screen.getByTestId('order-card')).toBeTruthy());
    expect(requests.map((request) => request.path)).toEqual([`/api/orders/${order.id}`]);
    expect(screen.getByTestId('order-status').textContent).toBe('Pending payment');
    expect(screen.getByTestId('delivery-details').textContent).toContain('Moi Avenue, Bazaar Plaza');
    expect(screen.getByRole('link', { name: '← My Orders' }).getAttribute('href')).toBe('/orders');

    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(screen.getByLabelText<HTMLInputElement>(MPESA_MESSAGES.numberLabel).value).toBe('0712 345 678');
    expect(screen.getByRole('button', { name: 'Pay KES 1,500 with M-Pesa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: MPESA_MESSAGES.payByCard })).toBeTruthy();
  });

  it("says Order not found. for an order that is not the buyer's, with a way to My Orders", async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    server.use(
      http.get(`/api/orders/${id}`, () =>
        HttpResponse.json(
          { statusCode: 404, code: 'ORDER_NOT_FOUND', message: ORDER_MESSAGES.notFound },
          { status: 404 },
        ),
      ),
    );
    renderAt(`/orders/${id}`);

    await waitFor(() => expect(screen.getByText(ORDER_MESSAGES.notFound)).toBeTruthy());
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe('/orders');
  });

  it('says Failed to load orders when the server is down, and offers to try again', async () => {
    server.use(
      http.get('/api/orders/o1', () =>
        HttpResponse.json({ statusCode: 503, message: 'Down' }, { status: 503 }),
      ),
    );
    renderAt('/orders/o1');

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.loadFailed));
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  describe('cancellations (#27)', () => {
    const SELLER = '00000000-0000-4000-8000-0000000000aa';

    /** A paid order of two lines, neither shipped: each may be cancelled, the order confirmed received. */
    function paidOrder(): Order {
      const order = buildOrder({ status: 'paid', paidAt: '2026-03-05T11:05:00.000Z', totalAmount: 5300 });
      const line = order.items[0]!;
      return {
        ...order,
        items: [
          {
            ...line,
            product: { name: 'Kiondo basket', image: null },
            quantity: 2,
            price: 1900,
            canCancel: true,
          },
          {
            ...line,
            id: '00000000-0000-4000-c000-00000000ffff',
            product: { name: 'Maasai shuka', image: null },
            price: 1500,
            canCancel: true,
          },
        ],
        shipments: [
          {
            sellerId: SELLER,
            sellerName: 'Amina Njeri',
            status: 'awaiting',
            note: null,
            shippedAt: null,
            deliveredAt: null,
          },
        ],
        canConfirmReceived: true,
      };
    }

    it('cancels a line not yet shipped after asking, says the refund is on its way, and shows it Cancelled', async () => {
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      let order = paidOrder();
      const cancels: unknown[] = [];
      server.use(
        http.get(`/api/orders/${order.id}`, () => HttpResponse.json(order)),
        http.post(`/api/orders/${order.id}/cancel`, async ({ request }) => {
          const body = (await request.json()) as { itemId: string };
          cancels.push(body);
          order = {
            ...order,
            items: order.items.map((item) =>
              item.id === body.itemId
                ? { ...item, cancelledAt: '2026-03-06T08:00:00.000Z', cancelledBy: 'buyer', canCancel: false }
                : item,
            ),
          };
          return HttpResponse.json({ message: CANCEL_MESSAGES.orderCancelled, refund: 3800 });
        }),
      );
      renderAt(`/orders/${order.id}`);

      const lines = await screen.findAllByTestId('order-item');
      expect(lines).toHaveLength(2);
      await user.click(within(lines[0]!).getByRole('button', { name: 'Cancel Kiondo basket' }));
      // Asked first: keeping it sends nothing.
      let dialog = screen.getByRole('dialog', { name: 'Cancel this item?' });
      expect(dialog.textContent).toContain('2 × Kiondo basket. You get KES 3,800 back');
      await user.click(within(dialog).getByRole('button', { name: 'Keep item' }));
      expect(cancels).toEqual([]);

      await user.click(within(lines[0]!).getByRole('button', { name: 'Cancel Kiondo basket' }));
      dialog = screen.getByRole('dialog', { name: 'Cancel this item?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel item' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(cancels).toEqual([{ itemId: order.items[0]!.id }]);
      expect(success).toHaveBeenCalledWith(CANCEL_MESSAGES.orderCancelled);
      const first = await screen.findByTestId('order-item-cancelled');
      expect(first.textContent).toBe('Cancelled');
      const [cancelledLine, openLine] = screen.getAllByTestId('order-item');
      expect(within(cancelledLine!).queryByRole('button')).toBeNull();
      expect(within(openLine!).getByRole('button', { name: 'Cancel Maasai shuka' })).toBeTruthy();
    });

    it("keeps the dialog open with the server's reason when the line shipped meanwhile", async () => {
      const user = userEvent.setup();
      const order = paidOrder();
      server.use(
        http.get(`/api/orders/${order.id}`, () => HttpResponse.json(order)),
        http.post(`/api/orders/${order.id}/cancel`, () =>
          apiFailure(409, 'ALREADY_SHIPPED', CANCEL_MESSAGES.orderShipped),
        ),
      );
      renderAt(`/orders/${order.id}`);

      await user.click(await screen.findByRole('button', { name: 'Cancel Maasai shuka' }));
      await user.click(screen.getByRole('button', { name: 'Yes, cancel item' }));

      const dialog = screen.getByRole('dialog', { name: 'Cancel this item?' });
      expect((await within(dialog).findByRole('alert')).textContent).toBe(CANCEL_MESSAGES.orderShipped);
    });

    it('confirms the order received after asking, and says the sellers are paid', async () => {
      const user = userEvent.setup();
      const success = vi.spyOn(toast, 'success');
      let order = paidOrder();
      const requests = recordRequests();
      server.use(
        http.get(`/api/orders/${order.id}`, () => HttpResponse.json(order)),
        http.post(`/api/orders/${order.id}/received`, () => {
          order = {
            ...order,
            receivedAt: '2026-03-08T07:00:00.000Z',
            canConfirmReceived: false,
            items: order.items.map((item) => ({ ...item, canCancel: false })),
          };
          return HttpResponse.json(order);
        }),
      );
      renderAt(`/orders/${order.id}`);

      await user.click(await screen.findByRole('button', { name: 'Confirm received' }));
      const dialog = screen.getByRole('dialog', { name: 'Did everything arrive?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, it arrived' }));

      expect(await screen.findByText(/You confirmed it arrived on/)).toBeTruthy();
      expect(success).toHaveBeenCalledWith(CANCEL_MESSAGES.orderReceived);
      expect(screen.queryByRole('button', { name: 'Confirm received' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull();
      expect(requests.filter(({ method }) => method === 'POST').map(({ path }) => path)).toEqual([
        `/api/orders/${order.id}/received`,
      ]);
    });
  });
});
