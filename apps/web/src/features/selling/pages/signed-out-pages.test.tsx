import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests } from '@/test/server';
import { MyProductsPage } from './my-products-page';
import { SellPage } from './sell-page';

// The routes sit behind RequireAuth; these texts show when the session ends on the page itself.
beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('selling pages without a signed-in user', () => {
  it("the sell page says 'Login required' instead of the form", () => {
    const requests = recordRequests();
    const { container } = renderWithProviders(<SellPage />, { url: '/sell' });

    expect(screen.getByRole('alert').textContent).toBe('Login required');
    expect(container.querySelector('form')).toBeNull();
    expect(requests).toEqual([]);
  });

  it("My Products says 'Please log in to view your products.' and asks the server nothing", () => {
    const requests = recordRequests();
    const { container } = renderWithProviders(<MyProductsPage />, { url: '/my-products' });

    expect(container.textContent).toContain('Please log in to view your products.');
    expect(screen.queryByTestId('my-product-card')).toBeNull();
    expect(requests).toEqual([]);
  });
});
