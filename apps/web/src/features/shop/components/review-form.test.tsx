import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '@sokoni/contracts/shop';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { ReviewForm } from './review-form';

const PRODUCT_ID = '7d1f3c2e-5b4a-4c3d-9e8f-1a2b3c4d5e6f';
const USER = {
  id: '2b6e9f0a-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Achieng Otieno',
  email: 'achieng@example.com',
  role: 'user',
  token: 'test-token',
};

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: USER });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('review form', () => {
  it('sends nothing more while a review is already being submitted, and disables Submit', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const requests = recordRequests();
    server.use(http.post('/api/reviews', () => new Promise<Response>((resolve) => (answer = resolve))));
    const onSubmitted = vi.fn();
    renderWithProviders(<ReviewForm productId={PRODUCT_ID} onSubmitted={onSubmitted} />);

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit Review' });
    expect(submit.disabled).toBe(false);

    await user.click(submit);
    await waitFor(() => expect(submit.disabled).toBe(true));
    expect(submit.textContent).toBe('Submitting...');
    expect(requests).toHaveLength(1);

    // A second submit while the first is pending: the button is disabled, and even a submit
    // that reaches the form (Enter in a field, a script) must not send a second review.
    await user.click(submit);
    fireEvent.submit(screen.getByRole('form', { name: 'Write a review' }));
    // Give a second review that should not be sent the time to go out.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests).toHaveLength(1);
    expect(submit.disabled).toBe(true);

    expect(requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/reviews', body: { productId: PRODUCT_ID, rating: 4, comment: '' } },
    ]);

    const review: Review = {
      id: 'c0ffee00-0000-4000-8000-000000000001',
      productId: PRODUCT_ID,
      userId: USER.id,
      rating: 4,
      comment: '',
      user: { name: USER.name },
      date: '2025-02-01T10:00:00.000Z',
      verifiedPurchase: false,
    };
    answer(HttpResponse.json(review, { status: 201 }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(requests).toHaveLength(1);
  });
});
