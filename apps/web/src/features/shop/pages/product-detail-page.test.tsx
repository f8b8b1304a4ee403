import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_NOT_FOUND } from '@sokoni/contracts/catalog';
import { MODERATION_TEXTS } from '@sokoni/contracts/moderation-rules';
import { useAuthStore } from '@/stores/auth';
import { apiFailure, noContent } from '@/test/answers';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { ProductDetailPage } from './product-detail-page';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('product detail page', () => {
  it("says 'Product not found.' at once when the server answers PRODUCT_NOT_FOUND", async () => {
    const requests = recordRequests();
    server.use(http.get('/api/products/gone', () => apiFailure(404, 'PRODUCT_NOT_FOUND', PRODUCT_NOT_FOUND)));
    renderWithProviders(
      <Routes>
        <Route path="/products/:id" element={<ProductDetailPage />} />
      </Routes>,
      { url: '/products/gone' },
    );

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Product not found.');
    expect(screen.getByRole('link', { name: 'Browse All Products' }).getAttribute('href')).toBe('/shop');
    expect(requests.map((request) => request.path)).toEqual(['/api/products/gone']);
  });

  it('shows an error with Try Again, not the not-found state, when the product fails to load', async () => {
    const user = userEvent.setup();
    const product = buildProduct({ title: 'Kiondo basket, large' });
    let failing = true;
    let loads = 0;
    server.use(
      http.get(`/api/products/${product.id}`, () => {
        loads += 1;
        return failing
          ? HttpResponse.json({ statusCode: 503, message: 'Down' }, { status: 503 })
          : HttpResponse.json(product);
      }),
      http.get(`/api/reviews/product/${product.id}`, () => HttpResponse.json([])),
    );
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
    expect(loads).toBe(2);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(product.title));
  });

  it('counts one look at the product once it shows', async () => {
    const product = buildProduct({ title: 'Sisal mat' });
    const views: string[] = [];
    server.use(
      http.get(`/api/products/${product.id}`, () => HttpResponse.json(product)),
      http.get(`/api/reviews/product/${product.id}`, () => HttpResponse.json([])),
      http.post('/api/products/:id/views', ({ request }) => {
        views.push(new URL(request.url).pathname);
        return noContent();
      }),
    );
    renderWithProviders(
      <Routes>
        <Route path="/products/:id" element={<ProductDetailPage />} />
      </Routes>,
      { url: `/products/${product.id}` },
    );

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(product.title));
    await waitFor(() => expect(views).toEqual([`/api/products/${product.id}/views`]));
  });

  it("shows its seller why Sokoni's moderators hid it, and no Report button; anyone else may report it", async () => {
    const product = buildProduct({
      title: 'Replica wristwatch',
      moderation: { hiddenReason: 'Counterfeit goods' },
    });
    useAuthStore.setState({
      user: {
        id: product.seller.id,
        name: product.seller.name,
        email: 'seller@example.co.ke',
        role: 'user',
        token: 'jwt',
      },
    });
    server.use(
      http.get(`/api/products/${product.id}`, () => HttpResponse.json(product)),
      http.get(`/api/reviews/product/${product.id}`, () => HttpResponse.json([])),
      http.get('/api/wishlist', () => HttpResponse.json([])),
    );
    const page = (
      <Routes>
        <Route path="/products/:id" element={<ProductDetailPage />} />
      </Routes>
    );
    const { unmount } = renderWithProviders(page, { url: `/products/${product.id}` });

    expect((await screen.findByTestId('hidden-notice')).textContent).toBe(
      MODERATION_TEXTS.hiddenForOwner('Counterfeit goods'),
    );
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    unmount();

    // Anyone else meets it only once it is shown again, and may report it.
    useAuthStore.setState({ user: null });
    const { moderation: _hidden, ...shown } = product;
    server.use(http.get(`/api/products/${product.id}`, () => HttpResponse.json(shown)));
    renderWithProviders(page, { url: `/products/${product.id}` });
    expect(await screen.findByRole('button', { name: 'Report' })).toBeTruthy();
    expect(screen.queryByTestId('hidden-notice')).toBeNull();
  });
});
