import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_CONTACT } from '@sokoni/contracts/catalog';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { useCartStore } from '@/stores/cart';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { ProductSummary } from './product-summary';

afterEach(() => {
  useCartStore.setState({ items: [] });
  useVisitorWishlistStore.setState({ productIds: [] });
  Reflect.deleteProperty(navigator, 'share');
  vi.restoreAllMocks();
});

const pageUrl = (id: string) => `${window.location.origin}/products/${id}`;

describe('product summary', () => {
  it('says how few are left and still lets the shopper add one to the cart', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductSummary product={buildProduct({ available: 3 })} />);
    expect(screen.getByTestId('stock-label').textContent).toBe('Only 3 left');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it("says 'Sold out' and keeps a sold-out product out of the cart", () => {
    renderWithProviders(<ProductSummary product={buildProduct({ stock: 1, available: 0 })} />);
    expect(screen.getByTestId('stock-label').textContent).toBe('Sold out');
    expect(screen.getByRole('button', { name: 'Add to Cart' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps the product in the wishlist from its page, as its card does', async () => {
    const user = userEvent.setup();
    const product = buildProduct();
    renderWithProviders(<ProductSummary product={product} />);
    const save = screen.getByRole('button', { name: 'Save to wishlist' });
    expect(save.getAttribute('aria-pressed')).toBe('false');

    await user.click(save);
    expect(save.getAttribute('aria-pressed')).toBe('true');
    expect(useVisitorWishlistStore.getState().productIds).toEqual([product.id]);
  });

  it("links the seller's name to their seller page", () => {
    const product = buildProduct({
      seller: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Wanjiru Crafts' },
    });
    renderWithProviders(<ProductSummary product={product} />);
    expect(screen.getByRole('link', { name: 'Wanjiru Crafts' }).getAttribute('href')).toBe(
      '/sellers/00000000-0000-4000-8000-0000000000aa',
    );
  });

  it.each([
    ['0712 345 678', '+254712345678', '0712 345 678'],
    ['0112345678', '+254112345678', '0112 345 678'],
    ['+254 712 345 678', '+254712345678', '0712 345 678'],
    ['254-712-345-678', '+254712345678', '0712 345 678'],
    ['712345678', '+254712345678', '0712 345 678'],
  ])('offers a call and a WhatsApp chat about the product for the contact %s', (contact, e164, shown) => {
    const product = buildProduct({ title: 'Kiondo basket, large', sellerContact: contact });
    renderWithProviders(<ProductSummary product={product} />);

    const call = screen.getByRole('link', { name: `${PRODUCT_CONTACT.call} ${shown}` });
    expect(call.getAttribute('href')).toBe(`tel:${e164}`);
    const chat = screen.getByRole('link', { name: PRODUCT_CONTACT.whatsapp });
    const href = chat.getAttribute('href') ?? '';
    // wa.me takes the number without '+', and the text URL-encoded: the product's name and its link.
    expect(href).toMatch(new RegExp(`^https://wa\\.me/${e164.slice(1)}\\?text=[^\\s"]+$`));
    expect(new URL(href).searchParams.get('text')).toBe(
      `Hello, I'm interested in "Kiondo basket, large" on Sokoni: ${pageUrl(product.id)}`,
    );
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(chat.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows a contact that is not a phone number as it is written, with no call or chat link', () => {
    const product = buildProduct({ sellerContact: 'Ask for Mama Njeri, stall 12, Gikomba' });
    renderWithProviders(<ProductSummary product={product} />);
    expect(screen.getByTestId('seller-contact').textContent).toBe('Ask for Mama Njeri, stall 12, Gikomba');
    expect(screen.queryByRole('link', { name: /^Call/ })).toBeNull();
    expect(screen.queryByRole('link', { name: PRODUCT_CONTACT.whatsapp })).toBeNull();
  });

  it("shares through the phone's share sheet where there is one", async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const copied = vi.spyOn(toast, 'success');
    const product = buildProduct({ title: 'Solar lamp', price: 2499 });
    renderWithProviders(<ProductSummary product={product} />);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Solar lamp',
      text: 'Solar lamp for KES 2,499 on Sokoni',
      url: pageUrl(product.id),
    });
    expect(copied).not.toHaveBeenCalled();
  });

  it("copies the product's link where the browser cannot share, saying 'Link copied'", async () => {
    const user = userEvent.setup();
    const copied = vi.spyOn(toast, 'success');
    const product = buildProduct();
    renderWithProviders(<ProductSummary product={product} />);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(copied).toHaveBeenCalledWith('Link copied'));
    expect(await navigator.clipboard.readText()).toBe(pageUrl(product.id));
  });
});
