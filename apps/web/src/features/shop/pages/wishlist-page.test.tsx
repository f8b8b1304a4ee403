import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WISHLIST_MESSAGES } from '@sokoni/contracts/catalog';
import { useAuthStore } from '@/stores/auth';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { WishlistPage } from './wishlist-page';

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({
    user: {
      id: '6f1c2d4e-0000-4000-8000-000000000001',
      name: 'Amina Wanjiru',
      email: 'amina@sokoni.co.ke',
      role: 'user',
      token: 'token',
    },
  });
});
afterEach(() => {
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

const titles = () =>
  screen.getAllByTestId('product-card').map((card) => card.querySelector('h3')?.textContent);

describe('wishlist page', () => {
  it('shows the grid while loading, then the saved products in the order the server gives', async () => {
    let answer: (response: Response) => void = () => {};
    const answered = new Promise<Response>((resolve) => (answer = resolve));
    server.use(http.get('/api/wishlist', () => answered));
    renderWithProviders(<WishlistPage />, { url: '/wishlist' });

    expect(screen.getByRole('status', { name: 'Loading products' })).toBeTruthy();
    answer(
      HttpResponse.json([buildProduct({ title: 'Solar lamp' }), buildProduct({ title: 'Kiondo basket' })]),
    );

    await waitFor(() => expect(titles()).toEqual(['Solar lamp', 'Kiondo basket']));
    expect(screen.getByTestId('wishlist-count').textContent).toBe('2 saved products');
    // The headings step down one level at a time: h1 Wishlist, h2 the count, h3 each card's title.
    expect(screen.getAllByRole('heading').map((heading) => heading.tagName)).toEqual([
      'H1',
      'H2',
      'H3',
      'H3',
    ]);
    for (const heart of screen.getAllByRole('button', { name: 'Remove from wishlist' })) {
      expect(heart.getAttribute('aria-pressed')).toBe('true');
    }
  });

  it('says the wishlist is empty and leads to the shop', async () => {
    server.use(http.get('/api/wishlist', () => HttpResponse.json([])));
    renderWithProviders(<WishlistPage />, { url: '/wishlist' });

    expect(await screen.findByText(WISHLIST_MESSAGES.empty)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('says a failed load failed, and Try Again loads it', async () => {
    const user = userEvent.setup();
    let failing = true;
    server.use(
      http.get('/api/wishlist', () =>
        failing
          ? HttpResponse.json({ statusCode: 503, message: 'Down' }, { status: 503 })
          : HttpResponse.json([buildProduct({ title: 'Sufuria set' })]),
      ),
    );
    renderWithProviders(<WishlistPage />, { url: '/wishlist' });

    expect((await screen.findByRole('alert')).textContent).toBe(WISHLIST_MESSAGES.loadFailed);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(titles()).toEqual(['Sufuria set']));
  });
});
