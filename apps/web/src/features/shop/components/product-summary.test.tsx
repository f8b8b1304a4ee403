import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { useCartStore } from '@/stores/cart';
import { ProductSummary } from './product-summary';

afterEach(() => useCartStore.setState({ items: [] }));

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
});
