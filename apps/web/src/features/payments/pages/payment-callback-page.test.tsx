import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { PaymentCallbackPage } from './payment-callback-page';

// Leaving the app for the provider's page is a full navigation: the test only sees where it would go.
vi.mock('@/lib/payment-flow', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentFlow>()),
  goToProvider: vi.fn(),
}));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.mocked(goToProvider).mockReset();
  useAuthStore.setState({ user: null });
});

const BOOKING_ID = '00000000-0000-4000-8000-00000000b001';

/** A stay booking as GET /api/bookings/{id} answers it once its payment went through. */
function buildTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    id: BOOKING_ID,
    stayId: '00000000-0000-4000-8000-00000000a001',
    userId: 'u1',
    startDate: '2025-04-01',
    endDate: '2025-04-03',
    nights: 2,
    pricePerNight: 1250,
    amount: 2500,
    status: 'confirmed',
    holdExpiresAt: null,
    refund: null,
    createdAt: '2025-03-01T09:50:00.000Z',
    stay: {
      id: '00000000-0000-4000-8000-00000000a001',
      title: 'Lakeside Cottage',
      location: 'Naivasha',
      image: null,
    },
    host: { name: 'Njeri Mwangi', email: 'njeri@example.co.ke' },
    ...overrides,
  };
}

/** Answers the verification, and the booking (when given) at GET /api/bookings/{id}. */
function answerVerify(overrides: Partial<PaymentVerification>, trip?: Trip) {
  const verification: PaymentVerification = {
    status: 'success',
    reference: 'ref',
    paymentType: 'order',
    amount: 2500,
    currency: 'KES',
    subjectId: 'subject',
    paidAt: '2025-03-01T10:00:00.000Z',
    refund: null,
    ...overrides,
  };
  const requests = recordRequests();
  server.use(
    http.get('/api/payments/verify', () => HttpResponse.json(verification)),
    ...(trip ? [http.get(`/api/bookings/${trip.id}`, () => HttpResponse.json(trip))] : []),
  );
  return requests;
}

/** Lets the answers to what the page asked after verifying arrive. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(50));

/** Opens the page at `url` and lets the 1.5 s before verification pass. */
async function openAndVerify(url: string) {
  const { container } = renderWithProviders(<PaymentCallbackPage />, { url });
  await act(() => vi.advanceTimersByTimeAsync(1500));
  return container.querySelector('h1, h2')?.textContent;
}

describe('payment callback page', () => {
  it('verifies a stay payment by its reference, whatever stayId, userId, start and end come with it', async () => {
    const requests = answerVerify(
      { reference: 'ref_stay', paymentType: 'booking', subjectId: BOOKING_ID },
      buildTrip(),
    );

    const heading = await openAndVerify(
      '/payment/callback?reference=ref_stay&trxref=ref_stay&stayId=s1&userId=u1&start=2025-04-01&end=2025-04-03',
    );

    expect(heading).toBe('Payment Successful!');
    const urls = requests.map(({ url }) => url);
    expect(urls[0]?.pathname).toBe('/api/payments/verify');
    expect([...urls[0]!.searchParams]).toEqual([['reference', 'ref_stay']]);
    expect(screen.getByTestId('paid-subject').textContent).toBe(
      'Your stay, 1 Apr 2025 to 3 Apr 2025 · KES 2,500',
    );
    expect(screen.getByRole('link', { name: 'View My Trips' }).getAttribute('href')).toBe('/trips');
  });

  it('shows the confirmed booking: the stay, its dates, nights, amount and status', async () => {
    const requests = answerVerify(
      { reference: 'ref_stay', paymentType: 'booking', subjectId: BOOKING_ID, amount: 13_500 },
      buildTrip({
        startDate: '2026-12-24',
        endDate: '2026-12-27',
        nights: 3,
        pricePerNight: 4500,
        amount: 13_500,
        stay: { id: 's1', title: 'Diani Beach Villa', location: 'Diani', image: null },
      }),
    );

    await openAndVerify(
      '/payment/callback?reference=ref_stay&stayId=s1&userId=u1&start=2026-12-24&end=2026-12-27',
    );
    await settle();
    const booking = screen.getByTestId('paid-booking');

    expect(requests.map(({ url }) => url).map((url) => url.pathname)).toEqual([
      '/api/payments/verify',
      `/api/bookings/${BOOKING_ID}`,
    ]);
    const rows = [...booking.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(booking.querySelector('p')?.textContent).toBe('Diani Beach Villa');
    expect(rows).toEqual([
      ['Check-in', 'Thu, 24 Dec 2026'],
      ['Check-out', 'Sun, 27 Dec 2026'],
      ['Nights', '3'],
      ['Amount', 'KES 13,500'],
      ['Status', 'Confirmed'],
    ]);
    expect(screen.queryByTestId('booking-refund')).toBeNull();
  });

  it('says a stay paid after its nights were taken is being refunded, or has been, instead of confirming it', async () => {
    const late = { paymentType: 'booking', subjectId: BOOKING_ID, amount: 9000 } as const;
    answerVerify({ ...late, reference: 'ref_late', refund: 'pending' }, buildTrip({ status: 'expired' }));
    await openAndVerify('/payment/callback?reference=ref_late');
    await settle();

    expect(screen.getByTestId('booking-refund').textContent).toBe(STAY_MESSAGES.refundNotice('KES 9,000'));
    expect(screen.queryByTestId('paid-booking')).toBeNull();
    cleanup();
    vi.restoreAllMocks();

    answerVerify({ ...late, reference: 'ref_later', refund: 'refunded' }, buildTrip({ status: 'expired' }));
    await openAndVerify('/payment/callback?reference=ref_later');
    await settle();

    expect(screen.getByTestId('booking-refund').textContent).toBe(STAY_MESSAGES.refunded('KES 9,000'));
    expect(screen.queryByTestId('paid-booking')).toBeNull();
  });

  it('verifies an event payment by its reference, whatever eventId, userId and quantity come with it', async () => {
    const requests = answerVerify({ reference: 'ref_event', paymentType: 'event' });

    const heading = await openAndVerify(
      '/payment/callback?reference=ref_event&trxref=ref_event&eventId=e1&userId=u1&quantity=3',
    );

    expect(heading).toBe('Payment Successful!');
    const urls = requests.map(({ url }) => url);
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

  it('offers Pay now when an order was declined, paying the same order again', async () => {
    useAuthStore.setState({
      user: { id: 'u1', name: 'Amina Wanjiru', email: 'amina@example.co.ke', role: 'user', token: 't' },
    });
    const initialized: unknown[] = [];
    server.use(
      http.post('/api/payments/initialize', async ({ request }) => {
        initialized.push(await request.json());
        return HttpResponse.json({ status: true, data: { authorization_url: 'https://pay.example/again' } });
      }),
      http.get('/api/payments/verify', () =>
        HttpResponse.json({
          status: 'failed',
          reference: 'ref_declined',
          paymentType: 'order',
          amount: 45_000,
          currency: 'KES',
          subjectId: 'order-1',
          paidAt: null,
          refund: null,
        } satisfies PaymentVerification),
      ),
    );

    expect(await openAndVerify('/payment/callback?reference=ref_declined')).toBe('Payment Failed');
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Pay now', 'Retry', 'Go Home']);

    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await settle();
    expect(initialized).toEqual([
      {
        email: 'amina@example.co.ke',
        amount: 45_000,
        paymentType: 'order',
        orderId: 'order-1',
        callback_url: `${window.location.origin}/payment/callback`,
      },
    ]);
    expect(goToProvider).toHaveBeenCalledWith('https://pay.example/again');
  });

  it('offers no Pay now for a failed payment that is not for an order', async () => {
    answerVerify({ reference: 'ref_stay', status: 'failed', paymentType: 'booking', paidAt: null });

    expect(await openAndVerify('/payment/callback?reference=ref_stay')).toBe('Payment Failed');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });
});
