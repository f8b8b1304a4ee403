import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellations';
import type { OrganizerEvent } from '@sokoni/contracts/events';
import { useAuthStore } from '@/stores/auth';
import { buildEvent } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { OrganizerEventsPage } from './organizer-events-page';

const ORGANIZER = {
  id: 'u1',
  name: 'Achieng Otieno',
  email: 'achieng@example.co.ke',
  role: 'user',
  token: 't',
};

beforeEach(() => {
  vi.useFakeTimers();
  useAuthStore.setState({ user: ORGANIZER });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  vi.useRealTimers();
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

/** Runs the clock forward, letting answered fetches settle on the way. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function buildOrganizerEvent(overrides: Partial<OrganizerEvent> = {}): OrganizerEvent {
  return {
    ...buildEvent({ organizerId: ORGANIZER.id, organizer: { id: ORGANIZER.id, name: ORGANIZER.name } }),
    ticketsSold: 0,
    revenue: 0,
    checkedIn: 0,
    ...overrides,
  };
}

const figure = (card: HTMLElement, term: string) =>
  within(card).getByText(term).nextElementSibling?.textContent;

describe("organizer's Your Events page", () => {
  it('lists my events with tickets sold of capacity, seats left, revenue and checked in, and refreshes every 15 s', async () => {
    const summit = buildOrganizerEvent({
      title: 'Nairobi Tech Summit',
      capacity: 1200,
      ticketsAvailable: 1012,
      ticketsSold: 180,
      revenue: 270_000,
      checkedIn: 0,
    });
    const past = buildOrganizerEvent({ title: 'Mombasa Food Fair', date: '2020-04-01T09:00:00.000Z' });
    let calls = 0;
    const requests = recordRequests();
    server.use(
      http.get('/api/events/organizer/:id', () => {
        calls += 1;
        return HttpResponse.json(calls === 1 ? [summit, past] : [{ ...summit, checkedIn: 25 }, past]);
      }),
    );
    renderWithProviders(<OrganizerEventsPage />, { url: '/tickets/organizer' });
    await advance(0);

    expect(requests.map(({ url }) => url)[0]?.pathname).toBe(`/api/events/organizer/${ORGANIZER.id}`);
    const [summitCard, pastCard] = screen.getAllByTestId('organizer-event');
    if (!summitCard || !pastCard) throw new Error('two events expected');
    expect(within(summitCard).getByRole('link', { name: summit.title }).getAttribute('href')).toBe(
      `/tickets/${summit.id}`,
    );
    expect(figure(summitCard, 'Tickets sold')).toBe('180 / 1,200');
    expect(figure(summitCard, 'Seats left')).toBe('1,012');
    expect(figure(summitCard, 'Revenue')).toBe('KES 270,000');
    expect(figure(summitCard, 'Checked in')).toBe('0 / 180');
    expect(within(pastCard).getByText('Past')).toBeTruthy();

    await advance(14_999);
    expect(calls).toBe(1);
    await advance(1);
    await advance(1);
    expect(calls).toBe(2);
    expect(figure(screen.getAllByTestId('organizer-event')[0]!, 'Checked in')).toBe('25 / 180');
  });

  it('links to Create New Event and Verify Ticket, and offers a first event when there are none', async () => {
    server.use(http.get('/api/events/organizer/:id', () => HttpResponse.json([])));
    renderWithProviders(<OrganizerEventsPage />, { url: '/tickets/organizer' });
    await advance(0);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Events');
    expect(screen.getByRole('link', { name: 'Create New Event' }).getAttribute('href')).toBe('/tickets/new');
    expect(screen.getByRole('link', { name: 'Verify Ticket' }).getAttribute('href')).toBe(
      '/organizer/verify',
    );
    expect(screen.getByRole('link', { name: 'Your earnings' }).getAttribute('href')).toBe('/earnings');
    expect(screen.getByText('You have not created any events yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first event' }).getAttribute('href')).toBe(
      '/tickets/new',
    );
  });

  it('cancels an event to come after asking, with a reason for its holders, and shows it Cancelled (#27)', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const success = vi.spyOn(toast, 'success');
    let summit = buildOrganizerEvent({ title: 'Nairobi Tech Summit', ticketsSold: 180, revenue: 270_000 });
    const past = buildOrganizerEvent({ title: 'Mombasa Food Fair', date: '2020-04-01T09:00:00.000Z' });
    const cancels: unknown[] = [];
    server.use(
      http.get('/api/events/organizer/:id', () => HttpResponse.json([summit, past])),
      http.post(`/api/events/${summit.id}/cancel`, async ({ request }) => {
        cancels.push(await request.json());
        summit = { ...summit, cancelled: true };
        return HttpResponse.json({ message: CANCEL_MESSAGES.eventCancelled, refund: 270_000 });
      }),
    );
    renderWithProviders(<OrganizerEventsPage />, { url: '/tickets/organizer' });
    await advance(0);

    const [summitCard, pastCard] = screen.getAllByTestId('organizer-event');
    expect(within(pastCard!).queryByRole('button', { name: /Cancel event/ })).toBeNull();
    await user.click(within(summitCard!).getByRole('button', { name: 'Cancel event Nairobi Tech Summit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel Nairobi Tech Summit?' }));
    expect(dialog.getByText(/The holders of its 180 tickets are refunded and told by e-mail/)).toBeTruthy();

    // The reason is checked with the server's own rule before anything is sent.
    await user.click(dialog.getByLabelText('Reason for ticket holders (optional)'));
    await user.paste('x'.repeat(501));
    await user.click(dialog.getByRole('button', { name: 'Yes, cancel event' }));
    expect(dialog.getByText('Keep the reason under 500 characters.')).toBeTruthy();
    expect(cancels).toEqual([]);

    await user.clear(dialog.getByLabelText('Reason for ticket holders (optional)'));
    await user.type(dialog.getByLabelText('Reason for ticket holders (optional)'), 'The venue is flooded.');
    await user.click(dialog.getByRole('button', { name: 'Yes, cancel event' }));
    await advance(0);

    expect(cancels).toEqual([{ reason: 'The venue is flooded.' }]);
    expect(success).toHaveBeenCalledWith(CANCEL_MESSAGES.eventCancelled);
    expect(screen.queryByRole('dialog')).toBeNull();
    const card = screen.getAllByTestId('organizer-event')[0]!;
    expect(within(card).getByTestId('event-cancelled').textContent).toBe('Cancelled');
    expect(within(card).queryByRole('button', { name: /Cancel event/ })).toBeNull();
  });
});
