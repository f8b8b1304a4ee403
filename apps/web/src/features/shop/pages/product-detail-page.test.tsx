import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProduct, jsonResponse, requestUrl } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { ProductDetailPage } from './product-detail-page';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('product detail page', () => {
  it('shows an error with Try Again, not the not-found state, when the product fails to load', async () => {
    const user = userEvent.setup();
    const product = buildProduct({ title: 'Kiondo basket, large' });
    let failing = true;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const { pathname } = requestUrl(input);
      if (pathname === `/api/products/${product.id}`) {
        return failing
          ? jsonResponse({ statusCode: 503, message: 'Down' }, { status: 503 })
          : jsonResponse(product);
      }
      return jsonResponse([]);
    });
    const { container } = renderWithProviders(
      <Routes>
        <Route path="/products/:id" element={<ProductDetailPage />} />
      </Routes>,
      { url: `/products/${product.id}` },
    );

    // A failure other than 404 is tried once more (a second later) before the page gives up.
    await waitFor(
      () =>
        expect(screen.getByRole('alert').textContent).toBe(
          "We couldn't load this product. Please check your connection.",
        ),
      { timeout: 3000 },
    );
    expect(container.textContent).not.toContain('Product not found.');
    expect(fetchSpy).toHaveBeenCalledTimes(2);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(product.title));
  });

  it('counts one look at the product once it shows', async () => {
    const product = buildProduct({ title: 'Sisal mat' });
    const views: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const { pathname } = requestUrl(input);
      if (init?.method === 'POST') {
        views.push(pathname);
        return new Response(null, { status: 204 });
      }
      if (pathname === `/api/products/${product.id}`) return jsonResponse(product);
      return jsonResponse([]);
    });
    renderWithProviders(
      <Routes>
        <Route path="/products/:id" element={<ProductDetailPage />} />
      </Routes>,
      { url: `/products/${product.id}` },
    );

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(product.title));
    await waitFor(() => expect(views).toEqual([`/api/products/${product.id}/views`]));
  });
});
