import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellations';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import type { Event, LastTicketPayment } from '@sokoni/contracts/events';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useMpesaNumberStore } from '@/stores/mpesa-number';
import { apiFailure } from '@/test/answers';
import { buildEvent } from '@/test/api-fakes';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { cardStartAnswer, mpesaStartAnswer } from '@/test/payment-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { EventDetailPage } from './event-detail-page';

// Leaving the app for the provider's page is a full navigation: the test only sees where it would go.
vi.mock('@/lib/payment-flow', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentFlow>()),
  goToProvider: vi.fn(),
}));

const BUYER = { id: 'u7', name: 'Wanjiku Kamau', email: 'wanjiku@example.co.ke', role: 'user', token: 't' };
const AUTHORIZATION_URL = 'https://checkout.example/pay/abc';

beforeEach(() => {
  useAuthStore.setState({ user: BUYER });
  useMpesaNumberStore.setState({ numbers: {} });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
  vi.mocked(goToProvider).mockReset();
});

function LoginProbe() {
  const { state } = useLocation();
  const from = (state as { from?: { pathname: string } } | null)?.from;
  return <p>Login page, back to {from?.pathname}</p>;
}

type Answer = (body: unknown) => Response;

/**
 * The event at GET /api/events/{id} and the buyer's last payment for it (one that went through,
 * unless told); POSTs answered by `answers` (by path), their bodies recorded.
 */
function fakeApi(
  event: Event | null,
  answers: Record<string, Answer> = {},
  lastPayment: LastTicketPayment = { unpaid: null },
) {
  const posts: { path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/events/:id', ({ params }) =>
      params.id === event?.id
        ? HttpResponse.json(event)
        : apiFailure(404, 'EVENT_NOT_FOUND', EVENT_MESSAGES.notFound),
    ),
    http.get('/api/events/:id/last-payment', () => HttpResponse.json(lastPayment)),
    http.post('/api/*', async ({ request }) => {
      const path = new URL(request.url).pathname;
      const body: unknown = await request.json();
      posts.push({ path, body });
      return answers[path]?.(body); // no answer: the test fails on an unexpected request
    }),
  );
  return { posts };
}

function renderEventPage(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/tickets/:id" element={<EventDetailPage />} />
      <Route path="/tickets/mine" element={<p>My Tickets page</p>} />
      <Route path="/login" element={<LoginProbe />} />
      <Route path="*" element={<CurrentUrl />} />
    </Routes>,
    { url: `/tickets/${id}` },
  );
}

const quantityInput = () => screen.getByLabelText<HTMLInputElement>('Quantity');
const total = () => screen.getByTestId('ticket-total').textContent;
const fieldError = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

async function chooseQuantity(user: ReturnType<typeof userEvent.setup>, quantity: string) {
  await user.clear(quantityInput());
  if (quantity) await user.type(quantityInput(), quantity);
}

describe('event page', () => {
  it('shows the event: image, category, date in Nairobi time, place, organizer, price and seats left', async () => {
    const event = buildEvent({
      title: 'Blankets & Wine',
      category: 'Concert',
      date: '2099-03-01T09:00:00.000Z',
      location: 'Ngong Racecourse, Nairobi',
      description: 'Music, picnic blankets\nand good company.',
      price: 3500,
      ticketsAvailable: 42,
    });
    fakeApi(event);
    renderEventPage(event.id);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(event.title);
    expect(screen.getByRole('img', { name: event.title }).getAttribute('src')).toBe(event.image);
    expect(screen.getByText('Concert')).toBeTruthy();
    expect(screen.getByText('1 Mar 2099, 12:00 EAT')).toBeTruthy();
    expect(screen.getByText('Ngong Racecourse, Nairobi')).toBeTruthy();
    expect(screen.getByText(event.organizer.name)).toBeTruthy();
    expect(screen.getByTestId('event-price').textContent).toBe('KES 3,500');
    expect(screen.getByText('42 seats left')).toBeTruthy();
    expect(screen.getByText(/Music, picnic blankets/).textContent).toBe(event.description);
    expect(document.title).toBe(`${event.title} — Sokoni`);
  });

  it('offers Share, and Share on WhatsApp with the event’s title and link', async () => {
    const event = buildEvent({ title: 'Blankets & Wine', date: '2099-03-01T09:00:00.000Z' });
    fakeApi(event);
    renderEventPage(event.id);

    expect(await screen.findByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Blankets & Wine\n${window.location.origin}/tickets/${event.id}`)}`,
    );
  });

  it('takes 1 to 10 tickets, never more than the seats left, and shows the total before buying', async () => {
    const user = userEvent.setup();
    const event = buildEvent({ title: 'Nairobi Tech Summit', price: 1500, ticketsAvailable: 80 });
    const { posts } = fakeApi(event);
    const { unmount } = renderEventPage(event.id);

    await screen.findByRole('heading', { level: 1 });
    expect(quantityInput().min).toBe('1');
    expect(quantityInput().max).toBe('10');
    expect(quantityInput().value).toBe('1');
    expect(total()).toBe('KES 1,500');

    await chooseQuantity(user, '3');
    expect(total()).toBe('KES 4,500');

    await chooseQuantity(user, '11');
    expect(fieldError(quantityInput())).toBe('You can buy 1 to 10 tickets at a time.');
    expect(total()).toBe('—');
    await user.click(screen.getByRole('button', { name: 'Buy Tickets' }));
    await chooseQuantity(user, '0');
    expect(fieldError(quantityInput())).toBe('You can buy 1 to 10 tickets at a time.');
    await user.click(screen.getByRole('button', { name: 'Buy Tickets' }));
    expect(posts).toEqual([]);
    unmount();

    const lastSeats = buildEvent({ title: 'Poetry Night', price: 500, ticketsAvailable: 3 });
    fakeApi(lastSeats);
    renderEventPage(lastSeats.id);
    await screen.findByRole('heading', { level: 1 });
    expect(quantityInput().max).toBe('3');
    await chooseQuantity(user, '4');
    expect(fieldError(quantityInput())).toBe('Only 3 tickets left for Poetry Night.');
  });

  it('Buy Tickets opens the pay step for the quantity, and by card it starts the payment with the quantity and total, then leaves for the provider', async () => {
    const user = userEvent.setup();
    const event = buildEvent({ price: 1500, ticketsAvailable: 80 });
    const { posts } = fakeApi(event, {
      '/api/payments/initialize': () => cardStartAnswer(AUTHORIZATION_URL, 'ref-1'),
    });
    renderEventPage(event.id);
    await screen.findByRole('heading', { level: 1 });

    await chooseQuantity(user, '2');
    await user.click(screen.getByRole('button', { name: 'Buy Tickets' }));
    expect(posts).toEqual([]);
    expect(
      await screen.findByRole('button', { name: MPESA_MESSAGES.payWithMpesa('KES 3,000') }),
    ).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: MPESA_MESSAGES.payByCard }));

    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(posts).toHaveLength(1);
    const { callback_url: callbackUrl, ...body } = posts[0]?.body as Record<string, unknown>;
    expect(posts[0]?.path).toBe('/api/payments/initialize');
    expect(body).toEqual({
      email: BUYER.email,
      amount: 3000,
      paymentType: 'event',
      eventId: event.id,
      quantity: 2,
      method: 'card',
    });
    const callback = new URL(String(callbackUrl));
    expect(callback.pathname).toBe('/payment/callback');
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      eventId: event.id,
      userId: BUYER.id,
      quantity: '2',
    });
  });

  it('pays with M-Pesa: the prompt for the tickets, then the waiting screen with the event, buyer and quantity', async () => {
    const user = userEvent.setup();
    const event = buildEvent({ price: 1500, ticketsAvailable: 80 });
    const { posts } = fakeApi(event, {
      '/api/payments/initialize': () => mpesaStartAnswer({ reference: 'ref-m', amount: 4500 }),
    });
    renderEventPage(event.id);
    await screen.findByRole('heading', { level: 1 });

    await chooseQuantity(user, '3');
    await user.click(screen.getByRole('button', { name: 'Buy Tickets' }));
    await user.type(await screen.findByLabelText(MPESA_MESSAGES.numberLabel), '0712 345 678');
    await user.click(await screen.findByRole('button', { name: MPESA_MESSAGES.payWithMpesa('KES 4,500') }));

    await waitFor(() =>
      expect(currentUrl()).toBe(
        `/payment/callback?eventId=${event.id}&userId=${BUYER.id}&quantity=3&reference=ref-m&method=mpesa`,
      ),
    );
    expect(posts[0]?.body).toMatchObject({
      paymentType: 'event',
      eventId: event.id,
      quantity: 3,
      method: 'mpesa',
      phone: '+254712345678',
    });
  });

  it("says 'Payment initiation failed. Please try again.' when the payment cannot start, or the server's reason", async () => {
    const user = userEvent.setup();
    const event = buildEvent({ title: 'Poetry Night', price: 500, ticketsAvailable: 3 });
    let answer = () => new HttpResponse('', { status: 502 });
    fakeApi(event, { '/api/payments/initialize': () => answer() });
    renderEventPage(event.id);
    await screen.findByRole('heading', { level: 1 });

    await user.click(screen.getByRole('button', { name: 'Buy Tickets' }));
    await user.click(await screen.findByRole('button', { name: MPESA_MESSAGES.payByCard }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Payment initiation failed. Please try again.',
    );

    answer = () =>
      HttpResponse.json(
        { code: 'NOT_ENOUGH_SEATS', message: EVENT_MESSAGES.notEnoughSeats(event.title, 0) },
        { status: 409 },
      );
    await user.click(await screen.findByRole('button', { name: MPESA_MESSAGES.payByCard }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Only 0 tickets left for Poetry Night.'),
    );
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('says the last payment did not go through and pays again for as many tickets', async () => {
    const user = userEvent.setup();
    const event = buildEvent({ price: 1500, ticketsAvailable: 80 });
    fakeApi(event, {}, { unpaid: { quantity: 4 } });
    renderEventPage(event.id);
    await screen.findByRole('heading', { level: 1 });

    expect(await screen.findByText(MPESA_MESSAGES.lastPaymentUnpaid)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MPESA_MESSAGES.payAgain }));

    expect(quantityInput().value).toBe('4');
    expect(total()).toBe('KES 6,000');
    expect(
      await screen.findByRole('button', { name: MPESA_MESSAGES.payWithMpesa('KES 6,000') }),
    ).toBeTruthy();
    expect(screen.queryByText(MPESA_MESSAGES.lastPaymentUnpaid)).toBeNull();
  });

  it('claims the tickets of a free event at once, then opens My Tickets', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const event = buildEvent({ price: 0, ticketsAvailable: 50 });
    const { posts } = fakeApi(event, {
      [`/api/events/${event.id}/tickets`]: () =>
        HttpResponse.json(
          { id: 'tk', eventId: event.id, userId: BUYER.id, quantity: 2, status: 'valid', checkedInAt: null },
          { status: 201 },
        ),
    });
    renderEventPage(event.id);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByTestId('event-price').textContent).toBe('Free');
    expect(total()).toBe('Free');
    expect(screen.queryByRole('button', { name: 'Buy Tickets' })).toBeNull();

    await chooseQuantity(user, '2');
    await user.click(screen.getByRole('button', { name: 'Get Free Tickets' }));

    expect(await screen.findByText('My Tickets page')).toBeTruthy();
    expect(posts).toEqual([{ path: `/api/events/${event.id}/tickets`, body: { quantity: 2 } }]);
    expect(success).toHaveBeenCalledWith('Your 2 tickets are ready!');
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('asks a visitor to log in before buying, and the link comes back to this event', async () => {
    useAuthStore.setState({ user: null });
    const user = userEvent.setup();
    const event = buildEvent();
    const { posts } = fakeApi(event);
    renderEventPage(event.id);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(EVENT_MESSAGES.purchaseLoginRequired)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Buy Tickets' }));

    expect(screen.getByRole('alert').textContent).toBe(`${EVENT_MESSAGES.purchaseLoginRequired} Log in`);
    expect(posts).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByText(`Login page, back to /tickets/${event.id}`)).toBeTruthy();
  });

  it("shows a sold-out event as 'Sold out' with the button disabled", async () => {
    const event = buildEvent({ ticketsAvailable: 0 });
    fakeApi(event);
    renderEventPage(event.id);
    await screen.findByRole('heading', { level: 1 });

    expect(screen.getAllByText('Sold out').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Buy Tickets' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });

  it('says a past event has taken place and sells nothing', async () => {
    const event = buildEvent({ date: '2020-06-01T15:00:00.000Z' });
    fakeApi(event);
    renderEventPage(event.id);
    await screen.findByRole('heading', { level: 1 });

    expect(screen.getByText(EVENT_MESSAGES.eventPast)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy Tickets' })).toBeNull();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });

  it('shows a cancelled event as Cancelled, selling nothing (#27)', async () => {
    const event = buildEvent({ cancelled: true });
    fakeApi(event);
    renderEventPage(event.id);
    await screen.findByRole('heading', { level: 1 });

    expect(screen.getByTestId('event-cancelled').textContent).toBe('Cancelled');
    expect(screen.getByText(CANCEL_MESSAGES.eventClosed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy Tickets' })).toBeNull();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.queryByText('Seats left')).toBeNull();
  });

  it("shows 'Event not found.' for an unknown id", async () => {
    fakeApi(null);
    renderEventPage('00000000-0000-4000-d000-999999999999');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(EVENT_MESSAGES.notFound);
    expect(screen.getByRole('link', { name: 'Browse Events' }).getAttribute('href')).toBe('/events');
  });
});
