import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '@sokoni/contracts/shop';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { ProductReviews } from './product-reviews';

const PRODUCT_ID = '00000000-0000-4000-8000-000000000001';

const review = (name: string, verifiedPurchase: boolean): Review => ({
  id: `review-${name}`,
  productId: PRODUCT_ID,
  userId: `user-${name}`,
  rating: 4,
  comment: `${name} liked it.`,
  user: { name },
  date: '2026-01-15T09:00:00.000Z',
  verifiedPurchase,
});

afterEach(() => vi.restoreAllMocks());

describe('product reviews', () => {
  it("marks the reviews of buyers who paid for the product 'Verified purchase', and only those", async () => {
    server.use(
      http.get(`/api/reviews/product/${PRODUCT_ID}`, () =>
        HttpResponse.json([review('Achieng Odhiambo', true), review('Kamau Njoroge', false)]),
      ),
    );
    renderWithProviders(<ProductReviews productId={PRODUCT_ID} />);

    const [paid, other] = within(await screen.findByTestId('review-list')).getAllByRole('listitem');
    expect(paid?.textContent).toContain('Achieng Odhiambo');
    expect(within(paid!).getByText('Verified purchase')).toBeTruthy();
    expect(other?.textContent).toContain('Kamau Njoroge');
    expect(within(other!).queryByText('Verified purchase')).toBeNull();
  });
});
