import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '@sokoni/contracts/catalog';
import type { Product, ProductFacets } from '@sokoni/contracts/shop';
import { pageAnswer } from '@/test/answers';
import { buildProduct } from '@/test/api-fakes';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { CategoryPage } from './category-page';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers like the API: the category's products, narrowed by `q` (case-insensitive, in the title). */
function fakeCatalogue(products: Product[]) {
  const matching = (request: Request) => {
    const url = new URL(request.url);
    const categories = url.searchParams.getAll('category');
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const matches = products.filter(
      (product) =>
        (!categories.length || categories.includes(product.category)) &&
        product.title.toLowerCase().includes(q),
    );
    return matches;
  };
  const requests = recordRequests();
  server.use(
    http.get('/api/products/facets', ({ request }) => {
      const matches = matching(request);
      const facets: ProductFacets = {
        total: matches.length,
        minPrice: Math.min(...matches.map((product) => product.price)),
        maxPrice: Math.max(...matches.map((product) => product.price)),
        categories: [],
        conditions: [],
      };
      return HttpResponse.json(facets);
    }),
    http.get('/api/products', ({ request }) => pageAnswer(matching(request))),
  );
  return requests;
}

describe('category page', () => {
  it('searches within the category: the list narrows and the URL gains q but keeps the category', async () => {
    const category = CATEGORIES.find((entry) => entry.id === 'fashion');
    if (!category) throw new Error('no fashion category');
    const kitenge = buildProduct({ title: 'Kitenge maxi dress', category: category.id });
    const sandals = buildProduct({ title: 'Maasai beaded sandals', category: category.id });
    const requests = fakeCatalogue([kitenge, sandals]);
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Routes>
          <Route path="/category/:categoryId" element={<CategoryPage />} />
        </Routes>
        <CurrentUrl />
      </>,
      { url: `/category/${category.id}` },
    );
    const titles = () =>
      screen.queryAllByTestId('product-card').map((card) => card.querySelector('h3')?.textContent);

    await waitFor(() => expect(titles()).toEqual([kitenge.title, sandals.title]));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(category.name);

    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search products' });
    expect(box.placeholder).toBe(`Search in ${category.name}...`);
    await user.type(box, 'kitenge{Enter}');

    await waitFor(() => expect(titles()).toEqual([kitenge.title]));
    expect(screen.getByTestId('result-count').textContent).toBe('1 product');
    expect(currentUrl()).toBe(`/category/${category.id}?q=kitenge`);
    expect(box.value).toBe('kitenge');
    const lastList = requests
      .map(({ url }) => url)
      .filter((url) => url.pathname === '/api/products')
      .at(-1);
    expect(lastList?.searchParams.get('q')).toBe('kitenge');
    expect(lastList?.searchParams.getAll('category')).toEqual([category.id]);
  });
});
