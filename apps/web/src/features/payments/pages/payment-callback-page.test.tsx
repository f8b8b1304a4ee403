import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MPESA_MESSAGES, PAYMENT_FAILURE_MESSAGES } from '@sokoni/contracts/mpesa';
import type { PaymentVerification } from '@sokoni/contracts/payments';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';
import { PayStep } from '@/components/pay-step';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useInstallOfferStore } from '@/stores/install-offer';
import { useMpesaNumberStore } from '@/stores/mpesa-number';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { buildVerification, mpesaStartAnswer } from '@/test/payment-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { PaymentCallbackPage } from './payment-callback-page';

// Leaving the app for the provider's page is a full navigation: the test only sees where it would go.
vi.mock('@/lib/payment-flow', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentFlow>()),
  goToProvider: vi.fn(),
}));

const PAYER = { id: 'u1', name: 'Amina Wanjiru', email: 'amina@example.co.ke', role: 'user', token: 't' };
const NOW = Date.parse('2026-03-02T09:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  localStorage.clear();
  useMpesaNumberStore.setState({ numbers: {} });
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
    canPayAgain: false,
    createdAt: '2025-03-01T09:50:00.000Z',
    stay: {
      id: '00000000-0000-4000-8000-00000000a001',
      title: 'Lakeside Cottage',
      location: 'Naivasha',
      image: null,
    },
    host: { name: 'Njeri Mwangi', email: 'njeri@example.co.ke' },
    cancelledAt: null,
    refundAmount: null,
    canCancel: false,
    ...overrides,
  };
}

/** Answers the verification, and the booking (when given) at GET /api/bookings/{id}. */
function answerVerify(overrides: Partial<PaymentVerification>, trip?: Trip) {
  const requests = recordRequests();
  server.use(
    http.get('/api/payments/verify', () => HttpResponse.json(buildVerification(overrides))),
    ...(trip ? [http.get(`/api/bookings/${trip.id}`, () => HttpResponse.json(trip))] : []),
  );
  return requests;
}

/** Lets the answers to what the page asked after verifying arrive. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(50));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const typer = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** The payment page at `url`, and where the app goes from it. */
function openPage(url: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/payment/callback" element={<PaymentCallbackPage />} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentUrl />
    </>,
    { url },
  );
}

/** Opens the page at `url` and lets the 1.5 s before verification pass. */
async function openAndVerify(url: string) {
  const { container } = openPage(url);
  await wait(1500);
  return container.querySelector('h1')?.textContent;
}

const buttonNames = () => screen.getAllByRole('button').map((button) => button.textContent);

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

  it.each([
    ['order', 'order-9', 'your order', 'View your order', '/orders/order-9'],
    ['event', 'event-9', 'My Tickets', 'View My Tickets', '/tickets/mine'],
    ['booking', 'booking-9', 'My Trips', 'View My Trips', '/trips'],
    ['course', 'course-9', 'the classroom', 'Go to the classroom', '/courses/course-9/classroom'],
  ] as const)(
    'after paying for a %s, counts down to what was bought and goes there',
    async (paymentType, subjectId, name, label, destination) => {
      answerVerify({ reference: 'ref_paid', paymentType, subjectId, quantity: null });
      if (paymentType === 'booking')
        server.use(
          http.get(`/api/bookings/${subjectId}`, () => HttpResponse.json(buildTrip({ id: subjectId }))),
        );

      await openAndVerify('/payment/callback?reference=ref_paid');

      expect(screen.getByTestId('redirect-countdown').textContent).toBe(
        `Taking you to ${name} in 5 seconds...`,
      );
      expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(destination);
      await wait(4000);
      expect(screen.getByTestId('redirect-countdown').textContent).toBe(
        `Taking you to ${name} in 1 second...`,
      );
      expect(currentUrl()).toBe('/payment/callback?reference=ref_paid');
      await wait(1000);
      expect(currentUrl()).toBe(destination);
    },
  );

  it("shows 'Unknown Status' with Pay again, Retry and Go Home when the payment is neither paid nor failed", async () => {
    answerVerify({ reference: 'ref_pending', status: 'abandoned', paidAt: null });

    const heading = await openAndVerify('/payment/callback?reference=ref_pending');

    expect(heading).toBe('Unknown Status');
    expect(buttonNames()).toEqual(['Pay again', 'Retry', 'Go Home']);
  });

  it('tells the install offer (#29) of a purchase on this device when a payment went through, not of an unpaid one', async () => {
    useInstallOfferStore.setState({ purchased: false });
    answerVerify({ reference: 'ref_pending', status: 'abandoned', paidAt: null });
    expect(await openAndVerify('/payment/callback?reference=ref_pending')).toBe('Unknown Status');
    expect(useInstallOfferStore.getState().purchased).toBe(false);

    cleanup();
    answerVerify({ reference: 'ref_paid', paymentType: 'event' });
    expect(await openAndVerify('/payment/callback?reference=ref_paid')).toBe('Payment Successful!');
    expect(useInstallOfferStore.getState().purchased).toBe(true);
  });

  it('offers only Retry and Go Home when the check itself failed, as nothing is known to pay again', async () => {
    server.use(http.get('/api/payments/verify', () => new HttpResponse(null, { status: 503 })));

    expect(await openAndVerify('/payment/callback?reference=ref_lost')).toBe('Payment Failed');
    expect(buttonNames()).toEqual(['Retry', 'Go Home']);
  });

  it.each([
    ['order', {}, { orderId: 'subject-1' }, ''],
    ['booking', {}, { bookingId: 'subject-1' }, 'stayId=s1&start=2026-12-24&end=2026-12-27&'],
    ['event', { quantity: 3 }, { eventId: 'subject-1', quantity: 3 }, 'eventId=subject-1&quantity=3&'],
    ['course', {}, { courseId: 'subject-1' }, ''],
  ] as const)(
    'says why a %s payment failed and what to do, and pays the same thing again with the same number',
    async (paymentType, extra, subject, details) => {
      useAuthStore.setState({ user: PAYER });
      useMpesaNumberStore.setState({ numbers: { u1: '+254712345678' } });
      const requests = answerVerify({
        reference: 'ref_declined',
        status: 'failed',
        paymentType,
        subjectId: 'subject-1',
        amount: 3600,
        paidAt: null,
        method: 'mpesa',
        phone: '0712 ••• 678',
        failure: { reason: 'declined', ...PAYMENT_FAILURE_MESSAGES.declined },
        ...extra,
      });
      server.use(http.post('/api/payments/initialize', () => mpesaStartAnswer({ reference: 'ref_again' })));
      const user = typer();

      expect(await openAndVerify(`/payment/callback?${details}reference=ref_declined&method=mpesa`)).toBe(
        'Payment Failed',
      );
      expect(screen.getByTestId('payment-failure').textContent).toBe(
        PAYMENT_FAILURE_MESSAGES.declined.title + PAYMENT_FAILURE_MESSAGES.declined.next,
      );
      expect(buttonNames()).toEqual(['Pay again', 'Go Home']);

      await user.click(screen.getByRole('button', { name: 'Pay again' }));
      expect(screen.getByLabelText<HTMLInputElement>(MPESA_MESSAGES.numberLabel).value).toBe('0712 345 678');
      await user.click(screen.getByRole('button', { name: 'Pay KES 3,600 with M-Pesa' }));
      await settle();

      expect(requests.find(({ path }) => path === '/api/payments/initialize')?.body).toEqual({
        paymentType,
        ...subject,
        method: 'mpesa',
        phone: '+254712345678',
        email: PAYER.email,
        amount: 3600,
        callback_url: `${window.location.origin}/payment/callback${details ? `?${details.slice(0, -1)}` : ''}`,
      });
      expect(currentUrl()).toBe(`/payment/callback?${details}reference=ref_again&method=mpesa`);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MPESA_MESSAGES.waitingTitle);
    },
  );

  it('pays a failed payment again by card, going to the provider', async () => {
    useAuthStore.setState({ user: PAYER });
    answerVerify({ reference: 'ref_declined', status: 'failed', paidAt: null });
    server.use(
      http.post('/api/payments/initialize', () =>
        HttpResponse.json({ status: true, data: { authorization_url: 'https://pay.example/again' } }),
      ),
    );

    await openAndVerify('/payment/callback?reference=ref_declined');
    fireEvent.click(screen.getByRole('button', { name: 'Pay again' }));
    fireEvent.click(screen.getByRole('button', { name: MPESA_MESSAGES.payByCard }));
    await settle();

    expect(goToProvider).toHaveBeenCalledWith('https://pay.example/again');
  });
});

describe('waiting for the M-Pesa prompt', () => {
  const EXPIRES = new Date(NOW + 90_000).toISOString();

  /** The pay step of a course, and the payment page the app goes to from it. */
  function payFromPayStep() {
    return renderWithProviders(
      <>
        <Routes>
          <Route
            path="/courses/c1"
            element={<PayStep subject={{ paymentType: 'course', courseId: 'c1' }} amount={3600} />}
          />
          <Route path="/payment/callback" element={<PaymentCallbackPage />} />
        </Routes>
        <CurrentUrl />
      </>,
      { url: '/courses/c1' },
    );
  }

  it('shows Check your phone at once with the amount, the masked number, the countdown and what to do', async () => {
    useAuthStore.setState({ user: PAYER });
    const requests = recordRequests();
    server.use(
      http.post('/api/payments/initialize', () =>
        mpesaStartAnswer({ reference: 'ref_wait', promptExpiresAt: EXPIRES }),
      ),
    );
    payFromPayStep();
    const user = typer();

    await user.type(screen.getByLabelText(MPESA_MESSAGES.numberLabel), '0712345678');
    await user.click(screen.getByRole('button', { name: 'Pay KES 3,600 with M-Pesa' }));
    await settle();

    expect(currentUrl()).toBe('/payment/callback?reference=ref_wait&method=mpesa');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MPESA_MESSAGES.waitingTitle);
    expect(screen.getByTestId('waiting-body').textContent).toBe(
      MPESA_MESSAGES.waitingBody('KES 3,600', '0712 ••• 678'),
    );
    expect(screen.getByRole('timer').textContent).toBe(MPESA_MESSAGES.countdown(90));
    expect(screen.getByRole('heading', { name: MPESA_MESSAGES.noPromptTitle })).toBeTruthy();
    expect(screen.getByText(MPESA_MESSAGES.noPrompt)).toBeTruthy();
    expect(screen.getByRole('button', { name: MPESA_MESSAGES.checkNow })).toBeTruthy();
    // In sandbox mode, the sandbox phone of the number the prompt went to.
    expect(screen.getByRole('link', { name: MPESA_MESSAGES.sandboxPhone }).getAttribute('href')).toBe(
      '/api/payments/sandbox/phone/%2B254712345678',
    );

    await wait(5000);
    expect(screen.getByRole('timer').textContent).toBe(MPESA_MESSAGES.countdown(85));
    expect(requests.filter(({ path }) => path === '/api/payments/verify')).toEqual([]);
  });

  it('checks after 10 s and when asked, and leads to the classroom once the payer approves', async () => {
    useAuthStore.setState({ user: PAYER });
    const answers = [
      buildVerification({
        status: 'pending',
        paymentType: 'course',
        subjectId: 'c1',
        method: 'mpesa',
        phone: '0712 ••• 678',
        promptExpiresAt: EXPIRES,
        amount: 3600,
      }),
      buildVerification({ status: 'success', paymentType: 'course', subjectId: 'c1', method: 'mpesa' }),
    ];
    const requests = recordRequests();
    server.use(
      http.post('/api/payments/initialize', () => mpesaStartAnswer({ reference: 'ref_wait' })),
      http.get('/api/payments/verify', () => HttpResponse.json(answers.shift())),
    );
    payFromPayStep();
    const user = typer();
    await user.type(screen.getByLabelText(MPESA_MESSAGES.numberLabel), '0712345678');
    await user.click(screen.getByRole('button', { name: 'Pay KES 3,600 with M-Pesa' }));
    await settle();
    const verifications = () => requests.filter(({ path }) => path === '/api/payments/verify').length;

    await wait(9_900);
    expect(verifications()).toBe(0);
    await wait(100);
    expect(verifications()).toBe(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MPESA_MESSAGES.waitingTitle);
    // Once the page knows what is paid for, it offers to pay again under 'No prompt?'.
    expect(screen.getByRole('button', { name: MPESA_MESSAGES.payAgain })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: MPESA_MESSAGES.checkNow }));
    await settle();
    expect(verifications()).toBe(2);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Successful!');
    expect(screen.getByTestId('redirect-countdown').textContent).toBe(
      'Taking you to the classroom in 5 seconds...',
    );
    await wait(5000);
    expect(currentUrl()).toBe('/courses/c1/classroom');
  });

  it('on a reloaded waiting screen learns the prompt from the server, and offers no sandbox phone with Paystack', async () => {
    useAuthStore.setState({ user: PAYER });
    useMpesaNumberStore.setState({ numbers: { u1: '+254712345678' } });
    server.use(
      http.get('/api/payments/provider', () =>
        HttpResponse.json({ provider: 'paystack', label: 'Paystack' }),
      ),
    );
    answerVerify({
      reference: 'ref_wait',
      status: 'pending',
      paidAt: null,
      method: 'mpesa',
      phone: '0712 ••• 678',
      promptExpiresAt: new Date(NOW + 60_000).toISOString(),
      amount: 1200,
    });

    const heading = await openAndVerify('/payment/callback?reference=ref_wait&method=mpesa');

    expect(heading).toBe(MPESA_MESSAGES.waitingTitle);
    expect(screen.getByTestId('waiting-body').textContent).toBe(
      MPESA_MESSAGES.waitingBody('KES 1,200', '0712 ••• 678'),
    );
    expect(screen.getByRole('timer').textContent).toBe(MPESA_MESSAGES.countdown(59));
    expect(screen.queryByRole('link', { name: MPESA_MESSAGES.sandboxPhone })).toBeNull();
  });

  it("ends an unanswered wait with 'No answer from your phone' and Pay again", async () => {
    let pending = true;
    server.use(
      http.get('/api/payments/verify', () =>
        HttpResponse.json(
          buildVerification({
            reference: 'ref_wait',
            status: pending ? 'pending' : 'failed',
            paidAt: null,
            method: 'mpesa',
            phone: '0712 ••• 678',
            promptExpiresAt: EXPIRES,
            failure: pending ? null : { reason: 'no_answer', ...PAYMENT_FAILURE_MESSAGES.no_answer },
          }),
        ),
      ),
    );
    openPage('/payment/callback?reference=ref_wait&method=mpesa');

    await wait(89_000);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MPESA_MESSAGES.waitingTitle);
    pending = false;
    await wait(3_000);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Failed');
    expect(screen.getByTestId('payment-failure').textContent).toBe(
      'No answer from your phone' + PAYMENT_FAILURE_MESSAGES.no_answer.next,
    );
    expect(buttonNames()).toEqual(['Pay again', 'Go Home']);
  });
});
