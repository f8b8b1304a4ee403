import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { ProductCard } from './product-card';

let rendered: Rendered | undefined;

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
});

function cardImage(): HTMLImageElement {
  const image = rendered?.container.querySelector<HTMLImageElement>('[data-testid="product-card"] img');
  if (!image) throw new Error('the card has no image');
  return image;
}
const spinner = () => rendered?.container.querySelector('[data-testid="image-spinner"]') ?? null;
const fire = (target: Element, type: 'load' | 'error') => act(() => target.dispatchEvent(new Event(type)));

describe('product card', () => {
  it('tells the parent the product id each time the wishlist heart is toggled', () => {
    const product = buildProduct();
    const onWishlistChange = vi.fn();
    rendered = renderWithProviders(<ProductCard product={product} onWishlistChange={onWishlistChange} />);
    const heart = rendered.container.querySelector<HTMLButtonElement>('button[aria-pressed]');
    if (!heart) throw new Error('no wishlist button');

    act(() => heart.click());
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(onWishlistChange).toHaveBeenCalledTimes(1);
    expect(onWishlistChange).toHaveBeenLastCalledWith(product.id);

    act(() => heart.click());
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(onWishlistChange).toHaveBeenCalledTimes(2);
    expect(onWishlistChange).toHaveBeenLastCalledWith(product.id);
  });

  it('loads the photo lazily, unless the card is in view when the page opens', () => {
    rendered = renderWithProviders(<ProductCard product={buildProduct()} />);
    expect(cardImage().getAttribute('loading')).toBe('lazy');
    expect(cardImage().getAttribute('fetchpriority')).toBe('auto');
    rendered.unmount();

    rendered = renderWithProviders(<ProductCard product={buildProduct()} priority />);
    expect(cardImage().getAttribute('loading')).toBe('eager');
    expect(cardImage().getAttribute('fetchpriority')).toBe('high');
  });

  it('shows a spinner over the photo until it has loaded', () => {
    const product = buildProduct();
    rendered = renderWithProviders(<ProductCard product={product} />);

    expect(spinner()).not.toBeNull();
    expect(cardImage().getAttribute('src')).toBe(product.image[0]);

    fire(cardImage(), 'load');
    expect(spinner()).toBeNull();
    expect(cardImage().getAttribute('src')).toBe(product.image[0]);
  });

  it('swaps in the placeholder image and drops the spinner when the photo fails to load', () => {
    const product = buildProduct();
    rendered = renderWithProviders(<ProductCard product={product} />);
    expect(spinner()).not.toBeNull();

    fire(cardImage(), 'error');
    expect(spinner()).toBeNull();
    const src = cardImage().getAttribute('src') ?? '';
    expect(src).not.toBe(product.image[0]);
    // The placeholder is drawn inline, so showing it never asks the network for anything.
    expect(src).toMatch(/^data:image\/svg\+xml,/);

    // The placeholder's own load event keeps it: the card does not go back to the photo.
    fire(cardImage(), 'load');
    expect(cardImage().getAttribute('src')).toBe(src);
    expect(spinner()).toBeNull();
  });

  it('shows the placeholder image, with no spinner, for a product without photos', () => {
    rendered = renderWithProviders(<ProductCard product={buildProduct({ image: [] })} />);

    expect(spinner()).toBeNull();
    expect(cardImage().getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });
});
