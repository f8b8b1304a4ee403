import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDataSaverStore } from '@/stores/data-saver';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { TrendingPanel } from './trending-panel';

afterEach(() => {
  vi.restoreAllMocks();
  useDataSaverStore.setState({ choice: null });
});

const panel = () => screen.getByRole('region', { name: 'Trending Now' });
const loading = () => screen.queryByRole('status', { name: 'Loading trending products' });

describe('home trending panel', () => {
  it("says 'No trending products' when nothing is trending", async () => {
    const requests = recordRequests();
    server.use(http.get('/api/products', () => HttpResponse.json([])));

    renderWithProviders(<TrendingPanel headingId="trending-title" />);

    await waitFor(() => expect(loading()).toBeNull());
    expect(panel().textContent).toContain('No trending products');
    expect(screen.queryByTestId('trending-item')).toBeNull();
    expect(requests.map(({ url }) => url).map((url) => url.searchParams.get('trending'))).toEqual(['true']);
  });

  it('lists trending products instead of the empty state when there are some', async () => {
    const product = buildProduct({ title: 'Kiondo basket', isTrending: true });
    server.use(http.get('/api/products', () => HttpResponse.json([product])));

    renderWithProviders(<TrendingPanel headingId="trending-title" />);

    await waitFor(() => expect(loading()).toBeNull());
    expect(screen.getAllByTestId('trending-item')).toHaveLength(1);
    expect(panel().textContent).toContain(product.title);
    expect(panel().textContent).not.toContain('No trending products');
  });

  it('shows each product with its rank, title and price, and no rating', async () => {
    const products = [
      buildProduct({ title: 'Kiondo basket', price: 2500, rating: 4, isTrending: true }),
      buildProduct({ title: 'Maasai shuka', price: 1800, rating: 0, reviewCount: 0, isTrending: true }),
    ];
    server.use(http.get('/api/products', () => HttpResponse.json(products)));

    const { container } = renderWithProviders(<TrendingPanel headingId="trending-title" />);

    await waitFor(() => expect(loading()).toBeNull());
    const items = screen.getAllByTestId('trending-item');
    expect(items.map((item) => item.textContent)).toEqual([
      'Rank 1Kiondo basketKES 2,500',
      'Rank 2Maasai shukaKES 1,800',
    ]);
    expect(container.querySelector('[aria-label^="Rated"]')).toBeNull();
  });

  it('shows no thumbnail under the data saver: each row is one link, to the product and its photos', async () => {
    useDataSaverStore.setState({ choice: true });
    server.use(http.get('/api/products', () => HttpResponse.json([buildProduct({ isTrending: true })])));

    const { container } = renderWithProviders(<TrendingPanel headingId="trending-title" />);

    await waitFor(() => expect(loading()).toBeNull());
    expect(screen.getAllByTestId('trending-item')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
  });
});
