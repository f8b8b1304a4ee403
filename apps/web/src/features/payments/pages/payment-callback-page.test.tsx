import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import { jsonResponse, requestedUrls } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { PaymentCallbackPage } from './payment-callback-page';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function answerVerify(overrides: Partial<PaymentVerification>) {
  const verification: PaymentVerification = {
    status: 'success',
    reference: 'ref',
    paymentType: 'order',
    amount: 2500,
    currency: 'KES',
    subjectId: 'subject',
    paidAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(verification));
}

/** Opens the page at `url` and lets the 1.5 s before verification pass. */
async function openAndVerify(url: string) {
  const { container } = renderWithProviders(<PaymentCallbackPage />, { url });
  await act(() => vi.advanceTimersByTimeAsync(1500));
  return container.querySelector('h1, h2')?.textContent;
}

describe('payment callback page', () => {
  it('verifies a stay payment by its reference, whatever stayId, userId, start and end come with it', async () => {
    const fetchSpy = answerVerify({ reference: 'ref_stay', paymentType: 'booking' });

    const heading = await openAndVerify(
      '/payment/callback?reference=ref_stay&trxref=ref_stay&stayId=s1&userId=u1&start=2025-04-01&end=2025-04-03',
    );

    expect(heading).toBe('Payment Successful!');
    const urls = requestedUrls(fetchSpy);
    expect(urls.map((url) => url.pathname)).toEqual(['/api/payments/verify']);
    expect([...urls[0]!.searchParams]).toEqual([['reference', 'ref_stay']]);
    expect(screen.getByTestId('paid-subject').textContent).toBe(
      'Your stay, 1 Apr 2025 to 3 Apr 2025 · KES 2,500',
    );
    expect(screen.getByRole('link', { name: 'View My Trips' }).getAttribute('href')).toBe('/trips');
  });

  it('verifies an event payment by its reference, whatever eventId, userId and quantity come with it', async () => {
    const fetchSpy = answerVerify({ reference: 'ref_event', paymentType: 'event' });

    const heading = await openAndVerify(
      '/payment/callback?reference=ref_event&trxref=ref_event&eventId=e1&userId=u1&quantity=3',
    );

    expect(heading).toBe('Payment Successful!');
    const urls = requestedUrls(fetchSpy);
    expect(urls.map((url) => url.pathname)).toEqual(['/api/payments/verify']);
    expect([...urls[0]!.searchParams]).toEqual([['reference', 'ref_event']]);
    expect(screen.getByTestId('paid-subject').textContent).toBe('3 tickets · KES 2,500');
    expect(screen.getByRole('link', { name: 'View My Tickets' }).getAttribute('href')).toBe('/tickets/mine');
  });

  it("shows 'Unknown Status' with Retry and Go Home when the payment is neither paid nor failed", async () => {
    answerVerify({ reference: 'ref_pending', status: 'pending', paidAt: null });

    const heading = await openAndVerify('/payment/callback?reference=ref_pending');

    expect(heading).toBe('Unknown Status');
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Retry', 'Go Home']);
  });
});
