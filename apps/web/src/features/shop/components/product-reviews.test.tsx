import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import type { ReviewStanding } from '@sokoni/contracts/reviews';
import type { Review } from '@sokoni/contracts/shop';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
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

const BUYER = {
  id: 'user-buyer',
  name: 'Wanjiru Kamau',
  email: 'wanjiru@example.co.ke',
  role: 'user',
  token: 't',
};

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

/** The product's reviews (none), and the signed-in caller's standing as a reviewer. */
function fakeReviews(standing?: ReviewStanding) {
  server.use(
    http.get(`/api/reviews/product/${PRODUCT_ID}`, () => HttpResponse.json([])),
    ...(standing
      ? [http.get(`/api/reviews/product/${PRODUCT_ID}/eligibility`, () => HttpResponse.json(standing))]
      : []),
  );
}

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

  it('asks a visitor to log in instead of offering the form, without asking the server', async () => {
    const requests = recordRequests();
    fakeReviews();
    renderWithProviders(<ProductReviews productId={PRODUCT_ID} />);
    expect((await screen.findByText(REVIEW_MESSAGES.loginRequired)).textContent).toBe(
      `${REVIEW_MESSAGES.loginRequired} Log in`,
    );
    expect(screen.queryByRole('button', { name: 'Write a Review' })).toBeNull();
    expect(requests.map((request) => request.path)).toEqual([`/api/reviews/product/${PRODUCT_ID}`]);
  });

  it('tells a buyer whose order has not arrived why there is no form, and offers it once they may review', async () => {
    useAuthStore.setState({ user: BUYER });
    fakeReviews({ canReview: false, code: 'REVIEW_NOT_YET', message: REVIEW_MESSAGES.notArrived });
    const { unmount } = renderWithProviders(<ProductReviews productId={PRODUCT_ID} />);
    expect((await screen.findByTestId('review-refusal')).textContent).toBe(
      'Your order of this product has not arrived yet: you can review it once it does.',
    );
    expect(screen.queryByRole('button', { name: 'Write a Review' })).toBeNull();
    unmount();

    fakeReviews({ canReview: true, code: null, message: null });
    renderWithProviders(<ProductReviews productId={PRODUCT_ID} />);
    expect(await screen.findByRole('button', { name: 'Write a Review' })).toBeTruthy();
    expect(screen.queryByTestId('review-refusal')).toBeNull();
  });
});
