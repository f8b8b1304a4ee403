import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { FeaturedProducts } from './featured-products';

const featuredSection = () => screen.getByRole('region', { name: 'Featured Products' });

describe('home featured products', () => {
  it("says 'No products found.' when no product is featured", async () => {
    const requests = recordRequests();
    server.use(http.get('/api/products', () => HttpResponse.json([])));

    const { container } = renderWithProviders(<FeaturedProducts />);

    await waitFor(() => expect(featuredSection().getAttribute('aria-busy')).toBe('false'));
    expect(featuredSection().textContent).toContain('No products found.');
    expect(screen.queryByTestId('product-card')).toBeNull();
    expect(container.textContent).not.toContain('More Featured Items');
    expect(requests.map(({ url }) => url.searchParams.get('featured'))).toEqual(['true']);
  });

  it('shows featured products instead of the empty state when there are some', async () => {
    const product = buildProduct({ title: 'Maasai shuka blanket', isFeatured: true });
    server.use(http.get('/api/products', () => HttpResponse.json([product])));

    renderWithProviders(<FeaturedProducts />);

    await waitFor(() => expect(featuredSection().textContent).toContain(product.title));
    expect(featuredSection().textContent).not.toContain('No products found.');
  });
});
