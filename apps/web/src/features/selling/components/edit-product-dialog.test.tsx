import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import { useAuthStore } from '@/stores/auth';
import { apiFailure } from '@/test/answers';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { EditProductDialog } from './edit-product-dialog';

const SELLER = { id: 'u1', name: 'Wanjiru Crafts', email: 'wanjiru@example.co.ke', role: 'user', token: 't' };

// happy-dom has no HTMLSelectElement.size (browsers answer 0, the attribute's default). Without it,
// react-hook-form takes every select for one changed before the form was ready and keeps the option
// shown first (Electronics) instead of the product's own category.
const sizeOf = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'size');
beforeAll(() => {
  if (sizeOf) return;
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0) || 0;
    },
  });
});
afterAll(() => {
  if (!sizeOf) Reflect.deleteProperty(HTMLSelectElement.prototype, 'size');
});

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: SELLER });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('edit product dialog', () => {
  it("sends the changed stock as a number, and shows a 409's message after 'Failed to update product.'", async () => {
    const user = userEvent.setup();
    const product = buildProduct({ stock: 5, available: 3 });
    const held = SELL_MESSAGES.stockBelowHeld(2);
    const requests = recordRequests();
    server.use(http.put(`/api/products/${product.id}`, () => apiFailure(409, 'STOCK_BELOW_HELD', held)));
    const onClose = vi.fn();
    renderWithProviders(<EditProductDialog product={product} onClose={onClose} />, { url: '/my-products' });

    // Under the price, what the seller receives after Sokoni's fee on the shop's sales (#27).
    expect(await screen.findByText("You receive KES 1,425 after Sokoni's 5% fee")).toBeTruthy();
    const stock = screen.getByLabelText<HTMLInputElement>('Quantity available');
    expect(stock.value).toBe('5');
    await user.clear(stock);
    await user.type(stock, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(`${SELL_MESSAGES.updateFailed} ${held}`),
    );
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/fees',
      `PUT /api/products/${product.id}`,
    ]);
    expect(requests[1]!.body).toEqual({
      title: product.title,
      description: product.description,
      price: product.price,
      originalPrice: null,
      condition: product.condition,
      category: product.category,
      stock: 1,
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(stock.value).toBe('1');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });
});
