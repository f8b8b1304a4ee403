import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { useCartStore } from '@/stores/cart';
import { jsonResponse, requestUrl } from '@/test/api-fakes';
import { renderWithProviders, submitForm, waitFor } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { CheckoutPage } from './checkout-page';

const SHOPPER = { id: 'u1', name: 'Wanjiku Kamau', email: 'wanjiku@example.co.ke', role: 'user', token: 't' };
const BASKET = { id: 'p1', name: 'Kiondo basket', image: '', price: 2500, quantity: 2 };

let rendered: Rendered | undefined;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: SHOPPER });
  useCartStore.setState({ items: [BASKET] });
});

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  useAuthStore.setState({ user: null });
  useCartStore.setState({ items: [] });
  vi.restoreAllMocks();
});

const alertText = () => rendered?.container.querySelector('[role="alert"]')?.textContent;

describe('checkout page', () => {
  it("says 'User not logged in' when nobody is signed in, and offers no payment", () => {
    useAuthStore.setState({ user: null });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse({ provider: 'sandbox', label: 'Sokoni Sandbox' }),
    );
    rendered = renderWithProviders(<CheckoutPage />, { url: '/checkout' });

    expect(alertText()).toBe('User not logged in');
    expect(rendered.container.querySelector('form')).toBeNull();
  });

  it("falls back to 'Payment initiation failed. Please try again.' when the payment cannot start and the server says nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const { pathname } = requestUrl(input);
      if (pathname === '/api/payments/provider')
        return jsonResponse({ provider: 'sandbox', label: 'Sokoni Sandbox' });
      if (pathname === '/api/orders') return jsonResponse({ id: 'o1', totalAmount: 5000 }, { status: 201 });
      return new Response('', { status: 502 });
    });
    rendered = renderWithProviders(<CheckoutPage />, { url: '/checkout' });

    submitForm(rendered.container.querySelector('form')!);

    await waitFor(() => expect(alertText()).toBe('Payment initiation failed. Please try again.'));
    expect(fetchSpy.mock.calls.map(([input]) => requestUrl(input).pathname)).toContain(
      '/api/payments/initialize',
    );
    expect(useCartStore.getState().items).toEqual([BASKET]);
  });
});
