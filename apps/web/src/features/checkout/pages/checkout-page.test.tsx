import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { useCartStore } from '@/stores/cart';
import { jsonResponse, requestUrl } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { CheckoutPage } from './checkout-page';

const SHOPPER = { id: 'u1', name: 'Wanjiku Kamau', email: 'wanjiku@example.co.ke', role: 'user', token: 't' };
const BASKET = { id: 'p1', name: 'Kiondo basket', image: '', price: 2500, quantity: 2 };

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: SHOPPER });
  useCartStore.setState({ items: [BASKET] });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  useCartStore.setState({ items: [] });
  vi.restoreAllMocks();
});

const alertText = () => screen.queryByRole('alert')?.textContent;

describe('checkout page', () => {
  it("says 'User not logged in' when nobody is signed in, and offers no payment", () => {
    useAuthStore.setState({ user: null });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse({ provider: 'sandbox', label: 'Sokoni Sandbox' }),
    );
    const { container } = renderWithProviders(<CheckoutPage />, { url: '/checkout' });

    expect(alertText()).toBe('User not logged in');
    expect(container.querySelector('form')).toBeNull();
  });

  it("falls back to 'Payment initiation failed. Please try again.' when the payment cannot start and the server says nothing", async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const { pathname } = requestUrl(input);
      if (pathname === '/api/payments/provider')
        return jsonResponse({ provider: 'sandbox', label: 'Sokoni Sandbox' });
      if (pathname === '/api/orders') return jsonResponse({ id: 'o1', totalAmount: 5000 }, { status: 201 });
      return new Response('', { status: 502 });
    });
    renderWithProviders(<CheckoutPage />, { url: '/checkout' });

    await user.click(screen.getByRole('button', { name: /^Pay / }));

    await waitFor(() => expect(alertText()).toBe('Payment initiation failed. Please try again.'));
    expect(fetchSpy.mock.calls.map(([input]) => requestUrl(input).pathname)).toContain(
      '/api/payments/initialize',
    );
    expect(useCartStore.getState().items).toEqual([BASKET]);
  });
});
