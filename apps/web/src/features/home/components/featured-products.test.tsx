import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProduct, jsonResponse, requestedUrls } from '@/test/api-fakes';
import { renderWithProviders, waitFor } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { FeaturedProducts } from './featured-products';

let rendered: Rendered | undefined;

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.restoreAllMocks();
});

const featuredSection = () => rendered?.container.querySelector('section[aria-labelledby="featured-title"]');

describe('home featured products', () => {
  it("says 'No products found.' when no product is featured", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse([]));

    rendered = renderWithProviders(<FeaturedProducts />);

    await waitFor(() => expect(featuredSection()?.getAttribute('aria-busy')).toBe('false'));
    expect(featuredSection()?.textContent).toContain('No products found.');
    expect(rendered.container.querySelector('[data-testid="product-card"]')).toBeNull();
    expect(rendered.container.textContent).not.toContain('More Featured Items');
    expect(requestedUrls(fetchSpy).map((url) => url.searchParams.get('featured'))).toEqual(['true']);
  });

  it('shows featured products instead of the empty state when there are some', async () => {
    const product = buildProduct({ title: 'Maasai shuka blanket', isFeatured: true });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse([product]));

    rendered = renderWithProviders(<FeaturedProducts />);

    await waitFor(() => expect(featuredSection()?.textContent).toContain(product.title));
    expect(featuredSection()?.textContent).not.toContain('No products found.');
  });
});
