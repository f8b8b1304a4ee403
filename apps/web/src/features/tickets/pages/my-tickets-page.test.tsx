import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import QRCode from 'qrcode';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketWithEvent } from '@sokoni/contracts/events';
import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import { useAuthStore } from '@/stores/auth';
import { buildEvent } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { MY_TICKETS_MESSAGES } from '../lib/ticket-messages';
import { MyTicketsPage } from './my-tickets-page';

beforeEach(() => {
  useAuthStore.setState({
    user: {
      id: 'u-amina',
      name: 'Amina Wanjiku',
      email: 'amina@example.co.ke',
      role: 'user',
      token: 'jwt-amina',
    },
  });
});

afterEach(() => {
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

let nextTicket = 1;

/** A ticket as GET /api/tickets/mine lists it, with its event; each call gets its own ids unless told. */
function buildTicket(
  event: Partial<TicketWithEvent['event']> = {},
  overrides: Partial<TicketWithEvent> = {},
): TicketWithEvent {
  const n = nextTicket++;
  const ofEvent = buildEvent(event);
  return {
    id: `tkt_${String(n).padStart(32, '0')}`,
    eventId: ofEvent.id,
    userId: 'u-amina',
    quantity: 1,
    status: 'valid',
    checkedInAt: null,
    shortCode: 'K7QM4XPT',
    event: ofEvent,
    ...overrides,
  };
}

/** The server: GET /api/tickets/mine and the tickets' calendar files, as `routes` answer them. */
function serve(routes: { tickets?: () => Response; calendar?: () => Response }) {
  const calendarRequests: Request[] = [];
  server.use(
    http.get('/api/tickets/mine', () => routes.tickets?.()),
    http.get('/api/tickets/:id/calendar.ics', ({ request }) => {
      calendarRequests.push(request);
      return routes.calendar?.();
    }),
  );
  return calendarRequests;
}

const cards = () => screen.queryAllByTestId('ticket-card');

describe('My Tickets', () => {
  it('lists every ticket in the server order with its event, quantity, ID and QR code', async () => {
    const upcoming = buildTicket(
      { title: 'Blankets & Wine', date: '2099-11-20T15:05:00.000Z', location: 'Ngong Racecourse, Nairobi' },
      { quantity: 2 },
    );
    const past = buildTicket(
      { title: 'Safari Rally Fan Zone', date: '2020-06-27T06:00:00.000Z', location: 'Naivasha' },
      { checkedInAt: '2020-06-27T07:12:00.000Z' },
    );
    serve({ tickets: () => HttpResponse.json([upcoming, past]) });
    renderWithProviders(<MyTicketsPage />, { url: '/tickets/mine' });

    expect(screen.getByRole('heading', { level: 1, name: 'My Tickets' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards() as [HTMLElement, HTMLElement];

    const title = within(first).getByRole('link', { name: 'Blankets & Wine' });
    expect(title.getAttribute('href')).toBe(`/tickets/${upcoming.event.id}`);
    expect(first.textContent).toContain(formatNairobiTime(upcoming.event.date));
    expect(first.textContent).toContain('20 Nov 2099, 18:05 EAT');
    expect(first.textContent).toContain('Ngong Racecourse, Nairobi');
    expect(within(first).getByTestId('ticket-quantity').textContent).toBe('2');
    expect(within(first).getByTestId('ticket-id').textContent).toBe(upcoming.id);
    // Two groups of four, easy to read out at the gate.
    expect(within(first).getByTestId('ticket-code').textContent).toBe('K7QM 4XPT');
    expect(within(first).queryByText('Past event')).toBeNull();
    expect(within(first).queryByText(/Checked in/)).toBeNull();

    // The QR code is qrcode's SVG of the ticket ID: black on white, 4-module quiet zone.
    const qr = within(first).getByRole('img', { name: `QR code of ticket ${upcoming.id}` });
    await waitFor(() => expect(qr.querySelector('svg')).toBeTruthy());
    const expected = document.createElement('div');
    expected.innerHTML = await QRCode.toString(upcoming.id, {
      type: 'svg',
      margin: 4,
      color: { dark: '#000000ff', light: '#ffffffff' },
    });
    expect(qr.innerHTML).toBe(expected.innerHTML);
    expect(qr.className).toContain('size-64');
    expect(qr.className).toContain('bg-white');

    expect(within(second).getByRole('link', { name: 'Safari Rally Fan Zone' })).toBeTruthy();
    expect(within(second).getByText('Past event')).toBeTruthy();
    expect(second.textContent).toContain(`Checked in on ${formatNairobiTime(past.checkedInAt!)}`);
    expect(within(second).getByRole('button', { name: 'Add to calendar' })).toBeTruthy();
  });

  it('marks a ticket of a cancelled event Refunded, with no QR code or calendar file (#27)', async () => {
    const refunded = buildTicket({ title: 'Koroga Festival', cancelled: true }, { status: 'refunded' });
    serve({ tickets: () => HttpResponse.json([refunded]) });
    renderWithProviders(<MyTicketsPage />, { url: '/tickets/mine' });

    const card = within(await screen.findByTestId('ticket-card'));
    expect(card.getByTestId('ticket-refunded').textContent).toBe('Refunded');
    expect(card.getByText(MY_TICKETS_MESSAGES.refunded)).toBeTruthy();
    expect(card.queryByTestId('ticket-qr')).toBeNull();
    expect(card.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
  });

  it('Add to calendar downloads the .ics with the bearer token and saves it under the event title', async () => {
    const user = userEvent.setup();
    const ticket = buildTicket({ title: 'Blankets & Wine' });
    const calendar = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const calendarRequests = serve({
      tickets: () => HttpResponse.json([ticket]),
      calendar: () => new HttpResponse(calendar, { headers: { 'Content-Type': 'text/calendar' } }),
    });
    const saved: Array<{ name: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:calendar');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    renderWithProviders(<MyTicketsPage />, { url: '/tickets/mine' });

    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));

    await waitFor(() => expect(saved).toEqual([{ name: 'Blankets & Wine.ics', href: 'blob:calendar' }]));
    const calendarRequest = calendarRequests.at(-1)!;
    expect(new URL(calendarRequest.url).pathname).toBe(`/api/tickets/${ticket.id}/calendar.ics`);
    expect(calendarRequest.headers.get('Authorization')).toBe('Bearer jwt-amina');
    expect(await (createObjectURL.mock.calls[0]![0] as Blob).text()).toBe(calendar);
  });

  it('says so in a toast when the calendar file cannot be downloaded', async () => {
    const user = userEvent.setup();
    serve({
      tickets: () => HttpResponse.json([buildTicket()]),
      calendar: () => HttpResponse.json({}, { status: 503 }),
    });
    const toastError = vi.spyOn(toast, 'error');
    renderWithProviders(<MyTicketsPage />, { url: '/tickets/mine' });

    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));

    await waitFor(() => expect(toastError).toHaveBeenCalledWith(MY_TICKETS_MESSAGES.calendarFailed));
  });

  it('shows an empty state with a link to the events when the user has no tickets', async () => {
    serve({ tickets: () => HttpResponse.json([]) });
    renderWithProviders(<MyTicketsPage />, { url: '/tickets/mine' });

    await waitFor(() => expect(screen.getByText(MY_TICKETS_MESSAGES.empty)).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Browse Events' }).getAttribute('href')).toBe('/events');
    expect(cards()).toHaveLength(0);
  });

  it('shows placeholders while loading, then an error with Try Again that loads the tickets', async () => {
    const user = userEvent.setup();
    let down = true;
    serve({
      tickets: () =>
        down ? HttpResponse.json({ message: 'Down' }, { status: 503 }) : HttpResponse.json([buildTicket()]),
    });
    renderWithProviders(<MyTicketsPage />, { url: '/tickets/mine' });

    expect(screen.getByRole('status', { name: 'Loading your tickets' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MY_TICKETS_MESSAGES.loadFailed));
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});
