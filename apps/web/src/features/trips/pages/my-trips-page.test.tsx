import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MESSAGES, CANCELLATION_POLICY_TEXTS } from '@sokoni/contracts/cancellations';
import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import { BOOKING_STATUS_LABELS, STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useMpesaNumberStore } from '@/stores/mpesa-number';
import { apiFailure } from '@/test/answers';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { cardStartAnswer, mpesaStartAnswer } from '@/test/payment-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { TRIP_MESSAGES } from '../lib/trip-messages';
import { MyTripsPage } from './my-trips-page';

// Leaving the app for the provider's page is a full navigation: the test only sees where it would go.
vi.mock('@/lib/payment-flow', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentFlow>()),
  goToProvider: vi.fn(),
}));

/** 00:30 on 10 March 2026 in Nairobi, still 9 March in UTC. */
const NOW = '2026-03-09T21:30:00.000Z';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  useAuthStore.setState({
    user: { id: 'u-amina', name: 'Amina Wanjiku', email: 'amina@example.co.ke', role: 'user', token: 'jwt' },
  });
  useMpesaNumberStore.setState({ numbers: {} });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  vi.useRealTimers();
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
  vi.mocked(goToProvider).mockReset();
});

let nextTrip = 1;

/** A booking as GET /api/bookings/mine lists it; each call gets its own ids unless told. */
function buildTrip(overrides: Partial<Trip> = {}): Trip {
  const n = nextTrip++;
  return {
    id: `00000000-0000-4000-e000-${String(n).padStart(12, '0')}`,
    stayId: `00000000-0000-4000-f000-${String(n).padStart(12, '0')}`,
    userId: 'u-amina',
    startDate: '2026-04-01',
    endDate: '2026-04-03',
    nights: 2,
    pricePerNight: 6500,
    amount: 13_000,
    status: 'confirmed',
    holdExpiresAt: null,
    refund: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    stay: {
      id: `00000000-0000-4000-f000-${String(n).padStart(12, '0')}`,
      title: `Sample stay ${n}`,
      location: 'Naivasha',
      image: `/api/uploads/sample/${String(n).padStart(32, 'a')}.webp`,
    },
    host: { name: 'Wanjiru Kamau', email: null },
    canPayAgain: false,
    cancelledAt: null,
    refundAmount: null,
    canCancel: false,
    ...overrides,
  };
}

/** The server: GET /api/bookings/mine answers `trips()`, POST …/cancel answers `cancel(id)`. */
function serve(routes: { trips: () => Response; cancel?: (id: string) => Response }) {
  server.use(
    http.get('/api/bookings/mine', () => routes.trips()),
    http.post('/api/bookings/:id/cancel', ({ params }) => routes.cancel?.(String(params.id))),
  );
}

const cards = (section: string) =>
  within(screen.getByRole('region', { name: section })).queryAllByTestId('trip-card');
const titles = (section: string) =>
  cards(section).map((card) => within(card).getByRole('heading', { level: 3 }).textContent);
const cardOf = (title: string) =>
  screen.getAllByTestId('trip-card').find((card) => card.textContent?.includes(title))!;

describe('My Trips', () => {
  it("splits the trips at Nairobi's today: upcoming soonest first, then past ones, latest first", async () => {
    const later = buildTrip({
      stay: { ...buildTrip().stay, title: 'Diani Beach Cottage' },
      startDate: '2026-05-02',
      endDate: '2026-05-06',
    });
    const checkingOutToday = buildTrip({
      stay: { ...buildTrip().stay, title: 'Nanyuki Farmhouse' },
      startDate: '2026-03-07',
      endDate: '2026-03-10',
    });
    const lastWeek = buildTrip({
      stay: { ...buildTrip().stay, title: 'Kisumu Lakeside Flat' },
      startDate: '2026-03-01',
      endDate: '2026-03-04',
    });
    const yesterday = buildTrip({
      stay: { ...buildTrip().stay, title: 'Lamu Stone House' },
      startDate: '2026-03-06',
      endDate: '2026-03-09',
    });
    serve({ trips: () => HttpResponse.json([later, lastWeek, checkingOutToday, yesterday]) });
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    expect(screen.getByRole('heading', { level: 1, name: 'My Trips' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your trips' })).toBeTruthy();
    await waitFor(() => expect(cards('Upcoming')).toHaveLength(2));
    expect(titles('Upcoming')).toEqual(['Nanyuki Farmhouse', 'Diani Beach Cottage']);
    expect(titles('Past')).toEqual(['Lamu Stone House', 'Kisumu Lakeside Flat']);

    const diani = cardOf('Diani Beach Cottage');
    expect(within(diani).getByRole('link', { name: 'Diani Beach Cottage' }).getAttribute('href')).toBe(
      `/stays/${later.stay.id}`,
    );
    expect(within(diani).getByTestId('trip-dates').textContent).toBe('Sat, 2 May 2026 – Wed, 6 May 2026');
    expect(diani.textContent).toContain('2 nights');
    expect(diani.textContent).toContain('KES 13,000');
    expect(diani.textContent).toContain('Naivasha');
  });

  it('shows each status in its colour and the host’s contact only once a booking is confirmed', async () => {
    const stay = (title: string) => ({ ...buildTrip().stay, title });
    const confirmed = buildTrip({
      stay: stay('Confirmed Cottage'),
      host: { name: 'Wanjiru Kamau', email: 'wanjiru@example.co.ke' },
    });
    const held = buildTrip({
      stay: stay('Held Cottage'),
      status: 'held',
      holdExpiresAt: '2026-03-09T21:45:00.000Z',
      host: { name: 'Otieno Ouma', email: 'otieno@example.co.ke' },
      canPayAgain: true,
    });
    const expired = buildTrip({ stay: stay('Expired Cottage'), status: 'expired', nights: 1, amount: 6500 });
    const cancelled = buildTrip({ stay: stay('Cancelled Cottage'), status: 'cancelled' });
    serve({ trips: () => HttpResponse.json([confirmed, held, expired, cancelled]) });
    renderWithProviders(<MyTripsPage />, { url: '/trips' });
    await waitFor(() => expect(cards('Upcoming')).toHaveLength(2));
    expect(cards(TRIP_MESSAGES.notCompleted)).toHaveLength(2);

    const badge = (title: string, status: Trip['status']) => {
      const element = within(cardOf(title)).getByText(BOOKING_STATUS_LABELS[status]);
      return element.className;
    };
    expect(badge('Confirmed Cottage', 'confirmed')).toContain('bg-emerald-100');
    expect(badge('Held Cottage', 'held')).toContain('bg-amber-100');
    expect(within(cardOf('Held Cottage')).getByText('Awaiting payment')).toBeTruthy();
    expect(badge('Expired Cottage', 'expired')).toContain('bg-slate-200');
    expect(badge('Cancelled Cottage', 'cancelled')).toContain('bg-slate-200');
    expect(cardOf('Expired Cottage').textContent).toContain('1 night');

    const contact = within(cardOf('Confirmed Cottage')).getByRole('link', { name: 'wanjiru@example.co.ke' });
    expect(contact.getAttribute('href')).toBe('mailto:wanjiru@example.co.ke');
    expect(cardOf('Confirmed Cottage').textContent).toContain('Your host: Wanjiru Kamau');
    // Even if the server sent them, an unpaid booking shows no contact.
    expect(cardOf('Held Cottage').textContent).not.toContain('Otieno');
    expect(within(cardOf('Held Cottage')).queryByRole('link', { name: /@/ })).toBeNull();
    expect(cardOf('Held Cottage').textContent).toContain(formatNairobiTime('2026-03-09T21:45:00.000Z'));
    expect(cardOf('Held Cottage').textContent).toContain('10 Mar 2026, 00:45 EAT');
    expect(cardOf('Expired Cottage').textContent).not.toContain('Your host');

    // Only the held booking can be cancelled, and it can be paid again beside.
    expect(
      within(cardOf('Held Cottage'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([MPESA_MESSAGES.payAgain, 'Cancel booking']);
    for (const title of ['Confirmed Cottage', 'Expired Cottage', 'Cancelled Cottage'])
      expect(within(cardOf(title)).queryByRole('button')).toBeNull();
    expect(cardOf('Expired Cottage').textContent).toContain(TRIP_MESSAGES.datesGone);
  });

  it("puts the attempts that ended unpaid under 'Not completed', latest first, with Pay again while their dates are free", async () => {
    const stay = (title: string) => ({ ...buildTrip().stay, title });
    const upcoming = buildTrip({
      stay: stay('Paid Cottage'),
      startDate: '2026-04-10',
      endDate: '2026-04-12',
    });
    const declined = buildTrip({
      stay: stay('Declined Cottage'),
      status: 'expired',
      startDate: '2026-03-20',
      endDate: '2026-03-22',
      createdAt: '2026-03-09T10:00:00.000Z',
      canPayAgain: true,
    });
    const takenSince = buildTrip({
      stay: stay('Taken Cottage'),
      status: 'expired',
      createdAt: '2026-03-05T10:00:00.000Z',
    });
    const cancelled = buildTrip({
      stay: stay('Cancelled Cottage'),
      status: 'cancelled',
      createdAt: '2026-03-07T10:00:00.000Z',
    });
    serve({ trips: () => HttpResponse.json([takenSince, upcoming, cancelled, declined]) });
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    await waitFor(() => expect(cards('Upcoming')).toHaveLength(1));
    expect(titles('Upcoming')).toEqual(['Paid Cottage']);
    expect(titles(TRIP_MESSAGES.notCompleted)).toEqual([
      'Declined Cottage',
      'Cancelled Cottage',
      'Taken Cottage',
    ]);
    expect(screen.getByText(TRIP_MESSAGES.notCompletedHint)).toBeTruthy();
    expect(within(cardOf('Declined Cottage')).getByText('Not paid')).toBeTruthy();
    expect(
      within(cardOf('Declined Cottage')).getByRole('button', { name: MPESA_MESSAGES.payAgain }),
    ).toBeTruthy();
    expect(within(cardOf('Taken Cottage')).queryByRole('button')).toBeNull();
    expect(cardOf('Taken Cottage').textContent).toContain(TRIP_MESSAGES.datesGone);
  });

  it('Pay again opens the pay step for the booking: M-Pesa sends the prompt and opens the waiting screen with the stay, guest and dates', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    const declined = buildTrip({ status: 'expired', amount: 13_000, canPayAgain: true });
    serve({ trips: () => HttpResponse.json([declined]) });
    server.use(http.post('/api/payments/initialize', () => mpesaStartAnswer({ reference: 'ref-again' })));
    renderWithProviders(
      <>
        <MyTripsPage />
        <CurrentUrl />
      </>,
      { url: '/trips' },
    );

    await user.click(await screen.findByRole('button', { name: MPESA_MESSAGES.payAgain }));
    await user.type(screen.getByLabelText(MPESA_MESSAGES.numberLabel), '0712 345 678');
    await user.click(screen.getByRole('button', { name: MPESA_MESSAGES.payWithMpesa('KES 13,000') }));

    await waitFor(() =>
      expect(currentUrl()).toBe(
        `/payment/callback?stayId=${declined.stay.id}&userId=u-amina&start=2026-04-01&end=2026-04-03&reference=ref-again&method=mpesa`,
      ),
    );
    const started = requests.find((request) => request.path === '/api/payments/initialize');
    expect(started?.body).toMatchObject({
      paymentType: 'booking',
      bookingId: declined.id,
      amount: 13_000,
      email: 'amina@example.co.ke',
      method: 'mpesa',
      phone: '+254712345678',
    });
  });

  it('offers Pay again beside Cancel for a booking awaiting payment: by card it leaves for the provider, and a refusal shows the stay’s words', async () => {
    const user = userEvent.setup();
    const held = buildTrip({ status: 'held', holdExpiresAt: '2026-03-09T21:45:00.000Z', canPayAgain: true });
    let answer = () => apiFailure(502, 'PROVIDER_UNAVAILABLE', '');
    serve({ trips: () => HttpResponse.json([held]) });
    server.use(http.post('/api/payments/initialize', () => answer()));
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    await user.click(await screen.findByRole('button', { name: MPESA_MESSAGES.payAgain }));
    expect(within(cardOf(held.stay.title)).getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MPESA_MESSAGES.payByCard }));
    expect((await within(cardOf(held.stay.title)).findByRole('alert')).textContent).toBe(
      STAY_MESSAGES.paymentFailed,
    );

    answer = () => cardStartAnswer('https://checkout.example/pay/again');
    await user.click(screen.getByRole('button', { name: MPESA_MESSAGES.payByCard }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('https://checkout.example/pay/again'));
  });

  it('tells the guest about a refund being made, and one made', async () => {
    const pending = buildTrip({ status: 'expired', refund: 'pending', amount: 19_500 });
    const refunded = buildTrip({ status: 'expired', refund: 'refunded', amount: 7000 });
    serve({ trips: () => HttpResponse.json([pending, refunded]) });
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    expect(await screen.findByText(STAY_MESSAGES.refundNotice('KES 19,500'))).toBeTruthy();
    expect(screen.getByText(STAY_MESSAGES.refunded('KES 7,000'))).toBeTruthy();
  });

  it('cancels a held booking after asking, and shows it cancelled', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let held = buildTrip({ status: 'held', holdExpiresAt: '2026-03-09T21:45:00.000Z' });
    const cancels: string[] = [];
    serve({
      trips: () => HttpResponse.json([held]),
      cancel: (id) => {
        cancels.push(id);
        held = { ...held, status: 'cancelled', holdExpiresAt: null, cancelledAt: NOW };
        return HttpResponse.json({ ...held, message: CANCEL_MESSAGES.bookingReleased });
      },
    });
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    let dialog = screen.getByRole('dialog', { name: TRIP_MESSAGES.cancelTitle });
    expect(dialog.textContent).toContain(held.stay.title);
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancels).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    dialog = screen.getByRole('dialog', { name: TRIP_MESSAGES.cancelTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancels).toEqual([held.id]);
    expect(success).toHaveBeenCalledWith(CANCEL_MESSAGES.bookingReleased);
    expect(await within(cardOf(held.stay.title)).findByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  it('cancels a confirmed stay to come: first what comes back under the policy, then the answer (#27)', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let confirmed = buildTrip({ status: 'confirmed', canCancel: true });
    const message = CANCEL_MESSAGES.bookingCancelled('KES 6,500');
    const cancels: string[] = [];
    serve({
      trips: () => HttpResponse.json([confirmed]),
      cancel: (id) => {
        cancels.push(id);
        confirmed = {
          ...confirmed,
          status: 'cancelled',
          canCancel: false,
          cancelledAt: NOW,
          refundAmount: 6500,
        };
        return HttpResponse.json({ ...confirmed, message });
      },
    });
    server.use(
      http.get(`/api/bookings/${confirmed.id}/cancellation`, () =>
        HttpResponse.json({ policy: 'moderate', refundPercent: 50, refund: 6500, canCancel: true }),
      ),
    );
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    await user.click(await screen.findByRole('button', { name: 'Cancel stay' }));
    const dialog = within(screen.getByRole('dialog', { name: TRIP_MESSAGES.cancelStayTitle }));
    const preview = await dialog.findByTestId('refund-preview');
    expect(preview.textContent).toBe(
      `Moderate policy. ${CANCELLATION_POLICY_TEXTS.moderate.rule}${TRIP_MESSAGES.refundIfCancelled('KES 6,500', 50)}`,
    );
    await user.click(dialog.getByRole('button', { name: 'Yes, cancel stay' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancels).toEqual([confirmed.id]);
    expect(success).toHaveBeenCalledWith(message);
    // A paid stay cancelled is set apart, with what came back.
    await waitFor(() => expect(titles(TRIP_MESSAGES.cancelledTitle)).toEqual([confirmed.stay.title]));
    expect(within(cardOf(confirmed.stay.title)).getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel stay' })).toBeNull();
  });

  it('says no refund is due when the policy gives nothing back now', async () => {
    const user = userEvent.setup();
    const confirmed = buildTrip({ status: 'confirmed', canCancel: true });
    serve({ trips: () => HttpResponse.json([confirmed]) });
    server.use(
      http.get(`/api/bookings/${confirmed.id}/cancellation`, () =>
        HttpResponse.json({ policy: 'strict', refundPercent: 0, refund: 0, canCancel: true }),
      ),
    );
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    await user.click(await screen.findByRole('button', { name: 'Cancel stay' }));

    expect((await screen.findByTestId('refund-preview')).textContent).toContain(
      TRIP_MESSAGES.noRefundIfCancelled,
    );
  });

  it("keeps the dialog open with the server's reason when the booking cannot be cancelled", async () => {
    const user = userEvent.setup();
    const held = buildTrip({ status: 'held', holdExpiresAt: '2026-03-09T21:45:00.000Z' });
    serve({
      trips: () => HttpResponse.json([held]),
      cancel: () =>
        HttpResponse.json(
          { statusCode: 409, code: 'ALREADY_PAID', message: STAY_MESSAGES.bookingAlreadyConfirmed },
          { status: 409 },
        ),
    });
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: TRIP_MESSAGES.cancelTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      STAY_MESSAGES.bookingAlreadyConfirmed,
    );
  });

  it("says 'You haven't booked any stays yet.' and leads to /stays when there are none", async () => {
    serve({ trips: () => HttpResponse.json([]) });
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    expect(await screen.findByText(STAY_MESSAGES.noTrips)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a stay' }).getAttribute('href')).toBe('/stays');
  });

  it('shows the error state with Try Again when the trips fail to load', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve({
      trips: () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json([buildTrip()]),
    });
    renderWithProviders(<MyTripsPage />, { url: '/trips' });

    expect((await screen.findByRole('alert')).textContent).toBe(TRIP_MESSAGES.loadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cards('Upcoming')).toHaveLength(1));
  });
});
