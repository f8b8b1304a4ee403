import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { ProductCard } from './product-card';

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

  it('loads the photo lazily, unless the card is in view when the page opens', () => {
    const { unmount } = renderWithProviders(<ProductCard product={buildProduct()} />);
    expect(cardImage().getAttribute('loading')).toBe('lazy');
    expect(cardImage().getAttribute('fetchpriority')).toBe('auto');
    unmount();

    renderWithProviders(<ProductCard product={buildProduct()} priority />);
    expect(cardImage().getAttribute('loading')).toBe('eager');
    expect(cardImage().getAttribute('fetchpriority')).toBe('high');
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
