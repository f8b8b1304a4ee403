import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { buildOrder, jsonResponse, serveApi } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
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
  it('shows the order with its delivery, and Pay now while it is pending', async () => {
    const order = buildOrder();
    const { requests } = serveApi({ [`GET /api/orders/${order.id}`]: () => jsonResponse(order) });
    renderAt(`/orders/${order.id}`);

    await waitFor(() => expect(screen.getByTestId('order-card')).toBeTruthy());
    expect(requests.map((request) => request.path)).toEqual([`/api/orders/${order.id}`]);
    expect(screen.getByTestId('order-status').textContent).toBe('Pending payment');
    expect(screen.getByTestId('delivery-details').textContent).toContain('Moi Avenue, Bazaar Plaza');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← My Orders' }).getAttribute('href')).toBe('/orders');
  });

  it("says Order not found. for an order that is not the buyer's, with a way to My Orders", async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    serveApi({
      [`GET /api/orders/${id}`]: () =>
        jsonResponse(
          { statusCode: 404, code: 'ORDER_NOT_FOUND', message: ORDER_MESSAGES.notFound },
          { status: 404 },
        ),
    });
    renderAt(`/orders/${id}`);

    await waitFor(() => expect(screen.getByText(ORDER_MESSAGES.notFound)).toBeTruthy());
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe('/orders');
  });

  it('says Failed to load orders when the server is down, and offers to try again', async () => {
    serveApi({
      'GET /api/orders/o1': () => jsonResponse({ statusCode: 503, message: 'Down' }, { status: 503 }),
    });
    renderAt('/orders/o1');

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ORDER_MESSAGES.loadFailed));
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
