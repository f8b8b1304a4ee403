import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@sokoni/contracts/shop';
import { WISHLIST_MESSAGES } from '@sokoni/contracts/catalog';
import { useAuthStore } from '@/stores/auth';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { noContent } from '@/test/answers';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { ProductCard } from './product-card';

const AMINA = {
  id: '6f1c2d4e-0000-4000-8000-000000000001',
  name: 'Amina Wanjiru',
  email: 'amina@sokoni.co.ke',
  role: 'user',
  token: 'token',
};

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
  useVisitorWishlistStore.setState({ productIds: [] });
});
afterEach(() => vi.restoreAllMocks());

function cardImage(): HTMLImageElement {
  const image = screen.getByTestId('product-card').querySelector('img');
  if (!image) throw new Error('the card has no image');
  return image;
}
const spinner = () => screen.queryByTestId('image-spinner');

describe('product card', () => {
  it('tells the parent the product id each time the wishlist heart is toggled', async () => {
    const user = userEvent.setup();
    const product = buildProduct();
    const onWishlistChange = vi.fn();
    renderWithProviders(<ProductCard product={product} onWishlistChange={onWishlistChange} />);
    const heart = screen.getByRole('button', { name: 'Add to wishlist' });

    await user.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(onWishlistChange).toHaveBeenCalledTimes(1);
    expect(onWishlistChange).toHaveBeenLastCalledWith(product.id);

    await user.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(onWishlistChange).toHaveBeenCalledTimes(2);
    expect(onWishlistChange).toHaveBeenLastCalledWith(product.id);
  });

  it("keeps a visitor's hearts on this device, asking the server nothing", async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    const product = buildProduct();
    renderWithProviders(<ProductCard product={product} />);

    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(useVisitorWishlistStore.getState().productIds).toEqual([product.id]);
    await user.click(screen.getByRole('button', { name: 'Remove from wishlist' }));
    expect(useVisitorWishlistStore.getState().productIds).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("saves to a signed-in user's wishlist at once, and the server's list then says so", async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ user: AMINA });
    const product = buildProduct();
    let saved: Product[] = [];
    const requests = recordRequests();
    server.use(
      http.get('/api/wishlist', () => HttpResponse.json(saved)),
      http.put(`/api/wishlist/${product.id}`, () => {
        saved = [product];
        return noContent();
      }),
      http.delete(`/api/wishlist/${product.id}`, () => {
        saved = [];
        return noContent();
      }),
    );
    renderWithProviders(<ProductCard product={product} />);
    await waitFor(() => expect(requests.map((request) => request.method)).toEqual(['GET']));

    const heart = screen.getByRole('button', { name: 'Add to wishlist' });
    await user.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(`PUT /api/wishlist/${product.id}`),
    );
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect(heart.getAttribute('aria-pressed')).toBe('true');

    await user.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await waitFor(() =>
      expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(`DELETE /api/wishlist/${product.id}`),
    );
    // A visitor's list on this device is not touched.
    expect(useVisitorWishlistStore.getState().productIds).toEqual([]);
  });

  it('puts the heart back and says why when the server refuses the save', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ user: AMINA });
    const failed = vi.spyOn(toast, 'error');
    const product = buildProduct();
    server.use(
      http.get('/api/wishlist', () => HttpResponse.json([])),
      http.put(`/api/wishlist/${product.id}`, () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', code: 'WISHLIST_FULL', message: WISHLIST_MESSAGES.full },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<ProductCard product={product} />);

    const heart = screen.getByRole('button', { name: 'Add to wishlist' });
    await user.click(heart);
    await waitFor(() => expect(failed).toHaveBeenCalledWith(WISHLIST_MESSAGES.full));
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('loads the photo lazily, unless the card is in view when the page opens', () => {
    const { unmount } = renderWithProviders(<ProductCard product={buildProduct()} />);
    expect(cardImage().getAttribute('loading')).toBe('lazy');
    expect(cardImage().getAttribute('fetchpriority')).toBe('auto');
    unmount();

    renderWithProviders(<ProductCard product={buildProduct()} priority />);
    expect(cardImage().getAttribute('loading')).toBe('eager');
    expect(cardImage().getAttribute('fetchpriority')).toBe('high');
  });

  it("offers the photo's 400 px thumbnail for a card as wide as a phone's half, the photo itself for wider", () => {
    const product = buildProduct({ image: ['/api/uploads/products/0123456789abcdef0123456789abcdef.webp'] });
    renderWithProviders(<ProductCard product={product} />);

    expect(cardImage().getAttribute('srcset')).toBe(
      '/api/uploads/products/0123456789abcdef0123456789abcdef-thumb.webp 400w, /api/uploads/products/0123456789abcdef0123456789abcdef.webp 1600w',
    );
    expect(cardImage().getAttribute('sizes')).toBe(
      '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw',
    );
  });

  it('shows a spinner over the photo until it has loaded', () => {
    const product = buildProduct();
    renderWithProviders(<ProductCard product={product} />);

    expect(spinner()).not.toBeNull();
    expect(cardImage().getAttribute('src')).toBe(product.image[0]);

    fireEvent.load(cardImage());
    expect(spinner()).toBeNull();
    expect(cardImage().getAttribute('src')).toBe(product.image[0]);
  });

  it('swaps in the placeholder image and drops the spinner when the photo fails to load', () => {
    const product = buildProduct();
    renderWithProviders(<ProductCard product={product} />);
    expect(spinner()).not.toBeNull();

    fireEvent.error(cardImage());
    expect(spinner()).toBeNull();
    const src = cardImage().getAttribute('src') ?? '';
    expect(src).not.toBe(product.image[0]);
    // The placeholder is drawn inline, so showing it never asks the network for anything.
    expect(src).toMatch(/^data:image\/svg\+xml,/);

    // The placeholder's own load event keeps it: the card does not go back to the photo.
    fireEvent.load(cardImage());
    expect(cardImage().getAttribute('src')).toBe(src);
    expect(spinner()).toBeNull();
  });

  it('shows the placeholder image, with no spinner, for a product without photos', () => {
    renderWithProviders(<ProductCard product={buildProduct({ image: [] })} />);

    expect(spinner()).toBeNull();
    expect(cardImage().getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  it("says 'Only N left' when few units are left, 'Sold out' when none are, and nothing while there are plenty", () => {
    const { unmount } = renderWithProviders(<ProductCard product={buildProduct({ available: 2 })} />);
    expect(screen.getByTestId('stock-label').textContent).toBe('Only 2 left');
    unmount();

    const soldOut = renderWithProviders(<ProductCard product={buildProduct({ available: 0 })} />);
    expect(screen.getByTestId('stock-label').textContent).toBe('Sold out');
    soldOut.unmount();

    renderWithProviders(<ProductCard product={buildProduct({ available: 40 })} />);
    expect(screen.queryByTestId('stock-label')).toBeNull();
  });
});
