import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_MESSAGES, ORDER_PAGE_SIZE } from '@sokoni/contracts/checkout';
import type { Order } from '@sokoni/contracts/orders';
import { buildOrder, jsonResponse, requestUrl, requestedUrls } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { OrdersPage } from './orders-page';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The server's GET /api/orders over `orders` (newest first): pages by offset, X-Total-Count. */
function serveOrders(orders: Order[], failing: (offset: number) => boolean = () => false) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = requestUrl(input);
    if (url.pathname !== '/api/orders') return jsonResponse({ message: 'Not found' }, { status: 404 });
    const offset = Number(url.searchParams.get('offset') ?? 0);
    if (failing(offset)) return jsonResponse({ statusCode: 503, message: 'Down' }, { status: 503 });
    const limit = Number(url.searchParams.get('limit') ?? ORDER_PAGE_SIZE);
    return jsonResponse(orders.slice(offset, offset + limit), {
      headers: { 'X-Total-Count': String(orders.length) },
    });
  });
}

const shownOrders = () => screen.queryAllByTestId('order-card');
const loadMore = () => screen.queryByRole('button', { name: 'Load more' });

describe('My Orders', () => {
  it('shows the first 20 orders, then the next page on Load more until all are loaded', async () => {
    const user = userEvent.setup();
    const orders = Array.from({ length: 45 }, () => buildOrder());
    const fetchSpy = serveOrders(orders);
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await waitFor(() => expect(shownOrders()).toHaveLength(20));
    expect(screen.getByText('Showing 20 of 45 orders')).toBeTruthy();
    expect(requestedUrls(fetchSpy).map((url) => url.pathname + url.search)).toEqual(['/api/orders']);

    await user.click(loadMore()!);
    await waitFor(() => expect(shownOrders()).toHaveLength(40));
    expect(screen.getByText('Showing 40 of 45 orders')).toBeTruthy();

    await user.click(loadMore()!);
    await waitFor(() => expect(shownOrders()).toHaveLength(45));
    expect(loadMore()).toBeNull();
    expect(requestedUrls(fetchSpy).map((url) => url.search)).toEqual(['', '?offset=20', '?offset=40']);
    const names = shownOrders().map((card) => card.querySelector('ul li')?.textContent ?? '');
    expect(names[0]).toContain(orders[0]!.items[0]!.product.name);
    expect(names[44]).toContain(orders[44]!.items[0]!.product.name);
  });

  it('offers no Load more when every order is on the first page', async () => {
    const fetchSpy = serveOrders([buildOrder({ status: 'paid' }), buildOrder()]);
    renderWithProviders(<OrdersPage />, { url: '/orders' });

    await waitFor(() => expect(shownOrders()).toHaveLength(2));
    expect(loadMore()).toBeNull();
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
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
