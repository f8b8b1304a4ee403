import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
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
});
