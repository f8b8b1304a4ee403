import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import toast from 'react-hot-toast';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCELLATION_POLICY_TEXTS } from '@sokoni/contracts/cancellations';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { ReviewStanding } from '@sokoni/contracts/reviews';
import type { Stay, TakenRange } from '@sokoni/contracts/stays';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useMpesaNumberStore } from '@/stores/mpesa-number';
import { apiFailure } from '@/test/answers';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { fakeIntersections } from '@/test/intersection';
import { cardStartAnswer, mpesaStartAnswer } from '@/test/payment-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { HOST_ID, buildBooking, buildStay } from '../test/stay-fakes';
import { StayDetailPage } from './stay-detail-page';

// Leaving the app for the provider's page is a full navigation: the test only sees where it would go.
vi.mock('@/lib/payment-flow', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentFlow>()),
  goToProvider: vi.fn(),
}));

const GUEST = { id: 'u7', name: 'Wanjiku Kamau', email: 'wanjiku@example.co.ke', role: 'user', token: 't' };
const AUTHORIZATION_URL = 'https://checkout.example/pay/abc';

beforeEach(() => {
  // Nairobi's today is 10 March 2026 (09:00 EAT).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00.000Z'));
  useAuthStore.setState({ user: GUEST });
  useMpesaNumberStore.setState({ numbers: {} });
  // The calendar loads once its place is near the screen: here, at once.
  fakeIntersections({ everythingInView: true });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.mocked(goToProvider).mockReset();
});

function LoginProbe() {
  const { state } = useLocation();
  const from = (state as { from?: { pathname: string } } | null)?.from;
  return <p>Login page, back to {from?.pathname}</p>;
}

type Answer = (body: unknown) => Response;

/** A guest whose stay is over: they may review it. */
const MAY_REVIEW: ReviewStanding = { canReview: true, code: null, message: null };

/**
 * GET /api/stays/{id} answers `stay` (STAY_NOT_FOUND for any other id), and its availability for
 * the signed-in guest `own` (else the stay's own nights) with their standing as a reviewer `review`;
 * a POST is answered by its path in `answers`, its body recorded.
 */
function fakeApi(
  stay: Stay | null,
  answers: Record<string, Answer> = {},
  own?: TakenRange[],
  review: ReviewStanding = MAY_REVIEW,
) {
  const posts: { path: string; body: unknown }[] = [];
  let stayGets = 0;
  let availabilityGets = 0;
  server.use(
    http.get('/api/stays/:id', ({ params }) => {
      if (params.id !== stay?.id) return apiFailure(404, 'STAY_NOT_FOUND', STAY_MESSAGES.notFound);
      stayGets += 1;
      return HttpResponse.json(stay);
    }),
    http.get('/api/stays/:id/availability', ({ params }) => {
      if (params.id !== stay?.id) return apiFailure(404, 'STAY_NOT_FOUND', STAY_MESSAGES.notFound);
      availabilityGets += 1;
      return HttpResponse.json({ bookings: own ?? stay?.bookings ?? [], review });
    }),
    http.post('/api/*', async ({ request }) => {
      const path = new URL(request.url).pathname;
      const body: unknown = await request.json();
      posts.push({ path, body });
      return answers[path]?.(body); // no answer: the test fails on an unexpected request
    }),
  );
  return { posts, stayGets: () => stayGets, availabilityGets: () => availabilityGets };
}

function renderStayPage(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/stays/:id" element={<StayDetailPage />} />
      <Route path="/login" element={<LoginProbe />} />
      <Route path="*" element={<CurrentUrl />} />
    </Routes>,
    { url: `/stays/${id}` },
  );
}

/**
 * Lazy parts of the page (the calendar, the review form) load their code on first use: in a full
 * run on a busy machine that first load can take over a second.
 */
const LAZY_LOAD = { timeout: 3000 };

/** The calendar's button for a day ('YYYY-MM-DD'), once the calendar (loaded after the page) shows. */
function day(isoDay: string): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>(
      `td[data-day="${isoDay}"]:not([data-outside]) button`,
    );
    if (!button) throw new Error(`no calendar day ${isoDay}`);
    return button;
  }, LAZY_LOAD);
}

async function chooseDates(user: ReturnType<typeof userEvent.setup>, checkIn: string, checkOut?: string) {
  await user.click(await day(checkIn));
  if (checkOut) await user.click(await day(checkOut));
}

const checkButton = () => screen.getByRole('button', { name: 'Check availability' });
const payButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Pay & Book' });
const cardButton = () => screen.findByRole('button', { name: MPESA_MESSAGES.payByCard });
const mpesaButton = (amount: string) =>
  screen.findByRole('button', { name: MPESA_MESSAGES.payWithMpesa(amount) });

/** Another guest's 12 → 15 March: the nights of the 12th, 13th and 14th are taken. */
const BOOKED = [{ startDate: '2026-03-12', endDate: '2026-03-15' }];

describe('stay page', () => {
  it('shows the stay: photos, title, place, rating, facts, host, price, description and amenities', async () => {
    const stay = buildStay({
      title: 'Diani Beach Villa',
      location: 'Diani, Kwale',
      description: 'White sand\nand a quiet pool.',
      images: [
        '/api/uploads/sample/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1.webp',
        '/api/uploads/sample/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2.webp',
      ],
      guests: 6,
      bedrooms: 3,
      bathrooms: 2,
      amenities: ['Wi-Fi', 'Pool', 'Private Beach'],
      rating: 4.5,
      reviewCount: 2,
    });
    fakeApi(stay);
    renderStayPage(stay.id);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Diani Beach Villa');
    expect(screen.getByTestId('gallery-main-image').getAttribute('src')).toBe(stay.images[0]);
    expect(screen.getAllByRole('button', { name: 'Show image 2 of 2' })).toHaveLength(2);
    expect(screen.getByText('Diani, Kwale')).toBeTruthy();
    expect(screen.getByTestId('stay-rating').textContent).toBe('4.5 (2 reviews)');
    expect(
      within(screen.getByTestId('stay-facts'))
        .getAllByRole('listitem')
        .map((fact) => fact.textContent),
    ).toEqual(['6 guests', '3 bedrooms', '2 bathrooms']);
    expect(screen.getByText('Njeri Mwangi')).toBeTruthy();
    expect(screen.getByTestId('stay-price').textContent).toBe('KES 4,500 / night');
    expect(screen.getByText(/White sand/).textContent).toBe(stay.description);
    expect(
      within(screen.getByTestId('stay-amenities'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['✓Wi-Fi', '✓Pool', '✓Private Beach']);
    expect(document.title).toBe('Diani Beach Villa — Sokoni');
    // The host's cancellation policy, before booking (#27).
    expect(screen.getByTestId('cancellation-policy').textContent).toBe(
      `Cancellation policy: Moderate. ${CANCELLATION_POLICY_TEXTS.moderate.rule}`,
    );
  });

  it("shares the stay through the phone's share sheet, and on WhatsApp with its title and link", async () => {
    const user = userEvent.setup();
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    const stay = buildStay({ title: 'Diani Beach Villa', location: 'Diani, Kwale' });
    fakeApi(stay);
    renderStayPage(stay.id);
    const url = `${window.location.origin}/stays/${stay.id}`;

    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Diani Beach Villa',
      text: 'KES 4,500 / night · Diani, Kwale',
      url,
    });
    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Diani Beach Villa\n${url}`)}`,
    );
    expect(whatsapp.getAttribute('target')).toBe('_blank');
  });

  it("greys out past days and taken nights; a booking's check-out day stays free for a check-in", async () => {
    const stay = buildStay({ bookings: BOOKED });
    fakeApi(stay);
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    expect((await day('2026-03-09')).disabled).toBe(true);
    expect((await day('2026-03-10')).disabled).toBe(false);
    const bookedDays = await Promise.all(['2026-03-12', '2026-03-13', '2026-03-14'].map(day));
    expect(bookedDays.map((button) => button.disabled)).toEqual([true, true, true]);
    expect((await day('2026-03-15')).disabled).toBe(false);
  });

  it('checks the stay date rules first, saying what is wrong, and Pay & Book stays disabled', async () => {
    const user = userEvent.setup();
    const stay = buildStay();
    fakeApi(stay);
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    await user.click(checkButton());
    expect(screen.getByRole('alert').textContent).toBe('Please select both check-in and check-out dates.');
    await chooseDates(user, '2026-03-20');
    await user.click(checkButton());
    expect(screen.getByRole('alert').textContent).toBe('Please select both check-in and check-out dates.');
    expect(payButton().disabled).toBe(true);

    // A guest cannot reach more than 30 nights on the calendar of one month: the rule still holds.
    await chooseDates(user, '2026-03-10');
    await user.click(screen.getByRole('button', { name: /next month/i }));
    await user.click(await day('2026-04-11'));
    await user.click(checkButton());
    expect(screen.getByRole('alert').textContent).toBe('Maximum stay duration is 30 days.');
    expect(payButton().disabled).toBe(true);
  });

  it("says 'Sorry, those dates are already booked.' for dates over a booking, and available when they only touch it", async () => {
    const user = userEvent.setup();
    const stay = buildStay({ bookings: BOOKED });
    fakeApi(stay);
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    await chooseDates(user, '2026-03-11', '2026-03-16');
    await user.click(checkButton());
    expect(screen.getByRole('alert').textContent).toBe('Sorry, those dates are already booked.');
    expect(payButton().disabled).toBe(true);

    // Out on the morning the other guest arrives.
    await chooseDates(user, '2026-03-10', '2026-03-12');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(checkButton());
    expect(screen.getByText('This stay is available for your selected dates!').getAttribute('role')).toBe(
      'status',
    );
    expect(payButton().disabled).toBe(false);

    // In on the morning the other guest leaves.
    await chooseDates(user, '2026-03-15', '2026-03-17');
    expect(payButton().disabled).toBe(true);
    await user.click(checkButton());
    expect(screen.getByText('This stay is available for your selected dates!')).toBeTruthy();
  });

  it('shows nights × price = total for the chosen dates, a same-day stay as one night', async () => {
    const user = userEvent.setup();
    const stay = buildStay({ pricePerNight: 4500 });
    fakeApi(stay);
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('stay-total')).toBeNull();

    await chooseDates(user, '2026-03-20', '2026-03-23');
    expect(screen.getByTestId('stay-total').textContent).toBe('3 nights × KES 4,500 = KES 13,500');
    await chooseDates(user, '2026-03-25', '2026-03-25');
    expect(screen.getByTestId('stay-total').textContent).toBe('1 night × KES 4,500 = KES 4,500');
  });

  it("does not grey out the guest's own unpaid nights: booking them again is theirs to do", async () => {
    const user = userEvent.setup();
    // The stay's nights as everyone sees them count this guest's held 12 → 15 March; theirs do not.
    const stay = buildStay({ bookings: BOOKED });
    const { availabilityGets } = fakeApi(stay, {}, []);
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    await waitFor(() => expect(availabilityGets()).toBe(1));
    await waitFor(async () => expect((await day('2026-03-13')).disabled).toBe(false));
    await chooseDates(user, '2026-03-12', '2026-03-15');
    await user.click(checkButton());
    expect(screen.getByText('This stay is available for your selected dates!')).toBeTruthy();
    expect(payButton().disabled).toBe(false);
  });

  it('Pay & Book opens the pay step, and paying by card books the dates, then starts the payment for that booking, then leaves for the provider', async () => {
    const user = userEvent.setup();
    const stay = buildStay({ pricePerNight: 4500 });
    const booking = buildBooking(stay, {
      id: 'b-42',
      startDate: '2026-03-20',
      endDate: '2026-03-23',
      amount: 13_500,
    });
    const { posts } = fakeApi(stay, {
      [`/api/stays/${stay.id}/book`]: () => HttpResponse.json(booking, { status: 201 }),
      '/api/payments/initialize': () => cardStartAnswer(AUTHORIZATION_URL, 'ref-1'),
    });
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    await chooseDates(user, '2026-03-20', '2026-03-23');
    await user.click(checkButton());
    await user.click(payButton());
    // Nothing is booked until the guest chooses how to pay: M-Pesa first, card second.
    expect(posts).toEqual([]);
    expect(await mpesaButton('KES 13,500')).toBeTruthy();
    await user.click(await cardButton());

    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(posts.map((post) => post.path)).toEqual([
      `/api/stays/${stay.id}/book`,
      '/api/payments/initialize',
    ]);
    expect(posts[0]?.body).toEqual({ startDate: '2026-03-20', endDate: '2026-03-23' });
    const { callback_url: callbackUrl, ...payment } = posts[1]?.body as Record<string, unknown>;
    expect(payment).toEqual({
      email: GUEST.email,
      amount: 13_500,
      paymentType: 'booking',
      bookingId: 'b-42',
      method: 'card',
    });
    const callback = new URL(String(callbackUrl));
    expect(callback.pathname).toBe('/payment/callback');
    expect([...callback.searchParams]).toEqual([
      ['stayId', stay.id],
      ['userId', GUEST.id],
      ['start', '2026-03-20'],
      ['end', '2026-03-23'],
    ]);
  });

  it('paying with M-Pesa sends the prompt for the booking and opens the waiting screen with the stay, guest and dates', async () => {
    const user = userEvent.setup();
    const stay = buildStay({ pricePerNight: 4500 });
    const booking = buildBooking(stay, { id: 'b-43', startDate: '2026-03-20', endDate: '2026-03-23' });
    const { posts } = fakeApi(stay, {
      [`/api/stays/${stay.id}/book`]: () => HttpResponse.json(booking, { status: 201 }),
      '/api/payments/initialize': () => mpesaStartAnswer({ reference: 'ref-m', amount: 13_500 }),
    });
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    await chooseDates(user, '2026-03-20', '2026-03-23');
    await user.click(checkButton());
    await user.click(payButton());
    await user.type(await screen.findByLabelText(MPESA_MESSAGES.numberLabel), '0712 345 678');
    await user.click(await mpesaButton('KES 13,500'));

    await waitFor(() =>
      expect(currentUrl()).toBe(
        `/payment/callback?stayId=${stay.id}&userId=${GUEST.id}&start=2026-03-20&end=2026-03-23&reference=ref-m&method=mpesa`,
      ),
    );
    expect(posts[1]?.body).toMatchObject({
      paymentType: 'booking',
      bookingId: 'b-43',
      method: 'mpesa',
      phone: '+254712345678',
    });
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it("says the dates are booked when someone else took them first, and asks for the stay's nights again", async () => {
    const user = userEvent.setup();
    const stay = buildStay();
    const { posts, stayGets, availabilityGets } = fakeApi(stay, {
      [`/api/stays/${stay.id}/book`]: () =>
        HttpResponse.json({ code: 'DATES_TAKEN', message: STAY_MESSAGES.datesBooked }, { status: 409 }),
    });
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(availabilityGets()).toBe(1));

    await chooseDates(user, '2026-03-20', '2026-03-23');
    await user.click(checkButton());
    await user.click(payButton());
    await user.click(await cardButton());

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Sorry, those dates are already booked.'),
    );
    expect(screen.queryByText('This stay is available for your selected dates!')).toBeNull();
    expect(screen.queryByRole('button', { name: MPESA_MESSAGES.payByCard })).toBeNull();
    expect(payButton().disabled).toBe(true);
    await waitFor(() => expect([stayGets(), availabilityGets()]).toEqual([2, 2]));
    expect(posts.map((post) => post.path)).toEqual([`/api/stays/${stay.id}/book`]);
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it.each([
    ['TOO_MANY_HELD_BOOKINGS', 409, STAY_MESSAGES.tooManyHeld],
    // A refusal newer than this build (a code it does not know) is told in the server's words too.
    ['HOLD_LIMIT_NEW_ACCOUNT', 429, 'New accounts may hold 3 nights at a time. Pay for one first.'],
  ])(
    "shows the server's own message for a %s refusal, not 'Sorry, those dates are already booked.'",
    async (code, status, message) => {
      const user = userEvent.setup();
      const stay = buildStay();
      const { stayGets } = fakeApi(stay, {
        [`/api/stays/${stay.id}/book`]: () => apiFailure(status, code, message),
      });
      renderStayPage(stay.id);
      await screen.findByRole('heading', { level: 1 });

      await chooseDates(user, '2026-03-20', '2026-03-23');
      await user.click(checkButton());
      await user.click(payButton());
      await user.click(await cardButton());

      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
      // The dates are still free: the guest may book them once they have paid for or cancelled a hold.
      expect(screen.getByText('This stay is available for your selected dates!')).toBeTruthy();
      expect(((await cardButton()) as HTMLButtonElement).disabled).toBe(false);
      expect(stayGets()).toBe(1);
      expect(goToProvider).not.toHaveBeenCalled();
    },
  );

  it("says 'Payment initiation failed. Try again.' when the payment cannot start, and pays the same booking on the next try", async () => {
    const user = userEvent.setup();
    const stay = buildStay();
    const booking = buildBooking(stay, { id: 'b-7', startDate: '2026-03-20', endDate: '2026-03-23' });
    let payment = () => new HttpResponse('', { status: 502 });
    const { posts } = fakeApi(stay, {
      [`/api/stays/${stay.id}/book`]: () => HttpResponse.json(booking, { status: 201 }),
      '/api/payments/initialize': () => payment(),
    });
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    await chooseDates(user, '2026-03-20', '2026-03-23');
    await user.click(checkButton());
    await user.click(payButton());
    await user.click(await cardButton());

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Payment initiation failed. Try again.'),
    );
    expect(goToProvider).not.toHaveBeenCalled();

    payment = () => cardStartAnswer(AUTHORIZATION_URL, 'ref-2');
    await user.click(await cardButton());
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(posts.map((post) => post.path)).toEqual([
      `/api/stays/${stay.id}/book`,
      '/api/payments/initialize',
      '/api/payments/initialize',
    ]);
    expect((posts[2]?.body as { bookingId: string }).bookingId).toBe('b-7');
  });

  it('asks a visitor to log in before booking, and the link comes back to this stay', async () => {
    useAuthStore.setState({ user: null });
    const user = userEvent.setup();
    const stay = buildStay();
    const { posts } = fakeApi(stay);
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    await chooseDates(user, '2026-03-20', '2026-03-23');
    await user.click(checkButton());
    await user.click(payButton());

    expect(screen.getByRole('alert').textContent).toBe(`${STAY_MESSAGES.bookingLoginRequired} Log in`);
    expect(posts).toEqual([]);
    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Log in' }));
    expect(await screen.findByText(`Login page, back to /stays/${stay.id}`)).toBeTruthy();
  });

  it('gives the host of the stay Edit listing instead of Pay & Book', async () => {
    useAuthStore.setState({ user: { ...GUEST, id: HOST_ID } });
    const stay = buildStay();
    fakeApi(stay);
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    expect(screen.getByRole('link', { name: 'Edit listing' }).getAttribute('href')).toBe(
      `/host/stays/${stay.id}/edit`,
    );
    expect(screen.queryByRole('button', { name: 'Pay & Book' })).toBeNull();
  });

  it("shows 'Stay not found.' for an unknown id, with a way back to the stays", async () => {
    fakeApi(null);
    renderStayPage('00000000-0000-4000-e000-999999999999');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Stay not found.');
    expect(screen.getByRole('link', { name: 'Browse Stays' }).getAttribute('href')).toBe('/stays');
  });

  it('shows the page skeleton while the stay loads', () => {
    const stay = buildStay();
    server.use(http.get(`/api/stays/${stay.id}`, () => delay('infinite')));
    renderStayPage(stay.id);
    expect(screen.getByRole('status').textContent).toBe('Loading stay...');
  });
});

describe('stay reviews', () => {
  it('offers no form to a signed-in guest whose stay is not over, saying when they may review', async () => {
    const stay = buildStay();
    const notYet = STAY_MESSAGES.reviewAfterCheckOut('2026-03-14');
    fakeApi(stay, {}, undefined, { canReview: false, code: 'REVIEW_NOT_YET', message: notYet });
    renderStayPage(stay.id);
    await screen.findByRole('heading', { level: 1 });

    expect((await screen.findByTestId('review-refusal')).textContent).toBe(
      'You can review after check-out on Sat, 14 Mar 2026.',
    );
    expect(screen.queryByRole('button', { name: 'Write a Review' })).toBeNull();
  });

  const REVIEWED = buildStay({
    rating: 4,
    reviewCount: 1,
    reviews: [
      {
        id: 'r1',
        rating: 4,
        comment: 'Lovely garden,\nslow Wi-Fi.',
        createdAt: '2026-02-28T22:30:00.000Z',
        user: { name: 'Otieno Ouma' },
      },
    ],
  });

  it("lists each review's stars, comment, name and day (in Nairobi)", async () => {
    fakeApi(REVIEWED);
    renderStayPage(REVIEWED.id);
    await screen.findByRole('heading', { level: 1 });

    const review = within(screen.getByTestId('review-list'));
    expect(review.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeTruthy();
    expect(review.getByText(/Lovely garden/).textContent).toBe('Lovely garden,\nslow Wi-Fi.');
    expect(review.getByText('Otieno Ouma')).toBeTruthy();
    expect(review.getByText('Sun, 1 Mar 2026')).toBeTruthy();
  });

  it('asks for a rating, then a comment, before sending; a guest who did not stay is told so by the server', async () => {
    const user = userEvent.setup();
    const { posts } = fakeApi(REVIEWED, {
      [`/api/stays/${REVIEWED.id}/reviews`]: () =>
        HttpResponse.json(
          { code: 'REVIEW_NOT_ELIGIBLE', message: STAY_MESSAGES.reviewNotEligible },
          { status: 403 },
        ),
    });
    renderStayPage(REVIEWED.id);
    await screen.findByRole('heading', { level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Write a Review' }));
    const form = within(await screen.findByRole('form', { name: 'Review this stay' }, LAZY_LOAD));

    await user.click(form.getByRole('button', { name: 'Submit Review' }));
    expect(form.getByRole('alert').textContent).toBe('Please choose a rating from 1 to 5.');
    await user.click(form.getByRole('radio', { name: '4 stars' }));
    await user.click(form.getByRole('button', { name: 'Submit Review' }));
    expect(form.getByRole('alert').textContent).toBe('Please write a comment.');
    await user.type(form.getByLabelText('Comment'), '   ');
    await user.click(form.getByRole('button', { name: 'Submit Review' }));
    expect(form.getByRole('alert').textContent).toBe('Please write a comment.');
    expect(posts).toEqual([]);

    await user.type(form.getByLabelText('Comment'), 'Great host.');
    await user.click(form.getByRole('button', { name: 'Submit Review' }));

    await waitFor(() =>
      expect(form.getByRole('alert').textContent).toBe('Only guests who stayed here can review it.'),
    );
    expect(posts).toEqual([
      { path: `/api/stays/${REVIEWED.id}/reviews`, body: { rating: 4, comment: 'Great host.' } },
    ]);
  });

  it('thanks the guest, closes the form and asks for the stay again with its new review', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const { stayGets } = fakeApi(REVIEWED, {
      [`/api/stays/${REVIEWED.id}/reviews`]: (body) =>
        HttpResponse.json(
          {
            id: 'r2',
            ...(body as object),
            createdAt: '2026-03-10T06:00:00.000Z',
            user: { name: GUEST.name },
          },
          { status: 201 },
        ),
    });
    renderStayPage(REVIEWED.id);
    await screen.findByRole('heading', { level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Write a Review' }));
    const form = within(await screen.findByRole('form', { name: 'Review this stay' }, LAZY_LOAD));

    await user.click(form.getByRole('radio', { name: '5 stars' }));
    await user.type(form.getByLabelText('Comment'), 'Would stay again.');
    await user.click(form.getByRole('button', { name: 'Submit Review' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Thank you for your review!'));
    expect(screen.queryByRole('form', { name: 'Review this stay' })).toBeNull();
    await waitFor(() => expect(stayGets()).toBe(2));
  });

  it('asks a visitor to log in to review, offering no form, coming back to this stay', async () => {
    useAuthStore.setState({ user: null });
    const user = userEvent.setup();
    fakeApi(REVIEWED);
    renderStayPage(REVIEWED.id);
    await screen.findByRole('heading', { level: 1 });

    expect(screen.getByText(STAY_MESSAGES.reviewLoginRequired)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a Review' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByText(`Login page, back to /stays/${REVIEWED.id}`)).toBeTruthy();
  });
});
