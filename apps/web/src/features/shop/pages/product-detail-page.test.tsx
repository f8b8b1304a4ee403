import { act } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProduct, jsonResponse, requestUrl } from '@/test/api-fakes';
import { renderWithProviders, settle, waitFor } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { ProductDetailPage } from './product-detail-page';

let rendered: Rendered | undefined;

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.restoreAllMocks();
});

describe('product detail page', () => {
  it('shows an error with Try Again, not the not-found state, when the product fails to load', async () => {
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
    rendered = renderWithProviders(
      <Routes>
        <Route path="/products/:id" element={<ProductDetailPage />} />
      </Routes>,
      { url: `/products/${product.id}` },
    );
    const { container } = rendered;

    // A failure other than 404 is tried once more before the page gives up.
    await settle(1100);
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        "We couldn't load this product. Please check your connection.",
      ),
    );
    expect(container.textContent).not.toContain('Product not found.');
    expect(fetchSpy).toHaveBeenCalledTimes(2);

    failing = false;
    const retry = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Try Again',
    );
    act(() => retry?.click());
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe(product.title));
  });
});
