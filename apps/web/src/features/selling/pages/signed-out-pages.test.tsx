import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { MyProductsPage } from './my-products-page';
import { SellPage } from './sell-page';

let rendered: Rendered | undefined;

// The routes sit behind RequireAuth; these texts show when the session ends on the page itself.
beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.restoreAllMocks();
});

describe('selling pages without a signed-in user', () => {
  it("the sell page says 'Login required' instead of the form", () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    rendered = renderWithProviders(<SellPage />, { url: '/sell' });

    expect(rendered.container.querySelector('[role="alert"]')?.textContent).toBe('Login required');
    expect(rendered.container.querySelector('form')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("My Products says 'Please log in to view your products.' and asks the server nothing", () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    rendered = renderWithProviders(<MyProductsPage />, { url: '/my-products' });

    expect(rendered.container.textContent).toContain('Please log in to view your products.');
    expect(rendered.container.querySelector('[data-testid="my-product-card"]')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
