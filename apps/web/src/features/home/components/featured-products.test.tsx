import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProduct, jsonResponse, requestedUrls } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { FeaturedProducts } from './featured-products';

afterEach(() => {
  vi.restoreAllMocks();
});

const featuredSection = () => screen.getByRole('region', { name: 'Featured Products' });

describe('home featured products', () => {
  it("says 'No products found.' when no product is featured", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse([]));

    const { container } = renderWithProviders(<FeaturedProducts />);

    await waitFor(() => expect(featuredSection().getAttribute('aria-busy')).toBe('false'));
    expect(featuredSection().textContent).toContain('No products found.');
    expect(screen.queryByTestId('product-card')).toBeNull();
    expect(container.textContent).not.toContain('More Featured Items');
    expect(requestedUrls(fetchSpy).map((url) => url.searchParams.get('featured'))).toEqual(['true']);
  });

  it('shows featured products instead of the empty state when there are some', async () => {
    const product = buildProduct({ title: 'Maasai shuka blanket', isFeatured: true });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse([product]));

    renderWithProviders(<FeaturedProducts />);

    await waitFor(() => expect(featuredSection().textContent).toContain(product.title));
    expect(featuredSection().textContent).not.toContain('No products found.');
  });
});
