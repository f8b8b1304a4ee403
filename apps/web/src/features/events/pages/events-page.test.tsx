import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_PAGE_SIZE } from '@sokoni/contracts/events-rules';
import type { Event } from '@sokoni/contracts/events';
import { useAuthStore } from '@/stores/auth';
import { pageAnswer } from '@/test/answers';
import { buildEvent } from '@/test/api-fakes';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { EventsPage } from './events-page';

const ORGANIZER = {
  id: 'u1',
  name: 'Achieng Otieno',
  email: 'achieng@example.co.ke',
  role: 'user',
  token: 't',
};

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

/** Answers GET /api/events like the API: narrowed by category and `q` (in the title), paged. */
function fakeEvents(events: Event[]) {
  const requests = recordRequests();
  server.use(
    http.get('/api/events', ({ request }) => {
      const url = new URL(request.url);
      const category = url.searchParams.get('category');
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const matches = events.filter(
        (event) => (!category || event.category === category) && event.title.toLowerCase().includes(q),
      );
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? EVENT_PAGE_SIZE);
      return pageAnswer(matches.slice(offset, offset + limit), matches.length);
    }),
  );
  return requests;
}

const cards = () => screen.queryAllByTestId('event-card');
const cardTitles = () => cards().map((card) => card.querySelector('h3')?.textContent);
const card = (title: string) => {
  const found = cards().find((candidate) => candidate.querySelector('h3')?.textContent === title);
  if (!found) throw new Error(`no card for ${title}`);
  return found;
};

function renderEventsPage(url = '/events') {
  return renderWithProviders(
    <>
      <EventsPage />
      <CurrentUrl />
    </>,
    { url },
  );
}

describe('events page', () => {
  it("shows each event's date in Nairobi time, place, price or Free, seats left, and links to its page", async () => {
    const concert = buildEvent({
      title: 'Sauti Sol Live',
      date: '2099-12-05T16:30:00.000Z',
      location: 'Uhuru Gardens, Nairobi',
      price: 2500,
      ticketsAvailable: 1,
    });
    const expo = buildEvent({ title: 'Maker Faire Kisumu', category: 'Exhibition', price: 0 });
    fakeEvents([concert, expo]);
    renderEventsPage();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Discover Amazing Events');
    await waitFor(() => expect(cardTitles()).toEqual([concert.title, expo.title]));
    const concertCard = within(card(concert.title));
    // 16:30 UTC is 19:30 in Nairobi, whatever zone the device is in.
    expect(concertCard.getByText('5 Dec 2099, 19:30 EAT')).toBeTruthy();
    expect(concertCard.getByText('Uhuru Gardens, Nairobi')).toBeTruthy();
    expect(concertCard.getByTestId('event-price').textContent).toBe('KES 2,500');
    expect(concertCard.getByText('1 seat left')).toBeTruthy();
    expect(concertCard.getByRole('link', { name: concert.title }).getAttribute('href')).toBe(
      `/tickets/${concert.id}`,
    );
    expect(within(card(expo.title)).getByTestId('event-price').textContent).toBe('Free');
    expect(screen.getByTestId('result-count').textContent).toBe('2 upcoming events');
  });

  it("marks a sold-out event 'Sold out' instead of its seats left", async () => {
    const soldOut = buildEvent({ title: 'Safari Rally Finale', category: 'Sports', ticketsAvailable: 0 });
    fakeEvents([soldOut]);
    renderEventsPage();

    await waitFor(() => expect(cardTitles()).toEqual([soldOut.title]));
    const soldOutCard = within(card(soldOut.title));
    expect(soldOutCard.getAllByText('Sold out')).toHaveLength(1);
    expect(soldOutCard.queryByText(/left$/)).toBeNull();
  });

  it('keeps the category and the search in the URL and sends them to GET /api/events', async () => {
    const concert = buildEvent({ title: 'Jazz by the Lake', category: 'Concert' });
    const workshop = buildEvent({ title: 'Pottery Workshop', category: 'Workshop' });
    const coding = buildEvent({ title: 'Coding Workshop for Girls', category: 'Workshop' });
    const requests = fakeEvents([concert, workshop, coding]);
    const user = userEvent.setup();
    renderEventsPage();
    const lastRequest = () =>
      requests
        .map(({ url }) => url)
        .filter((request) => request.pathname === '/api/events')
        .at(-1);
    await waitFor(() => expect(cardTitles()).toHaveLength(3));

    const categories = screen.getByRole('group', { name: 'Category' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Concert', 'Conference', 'Workshop', 'Sports', 'Exhibition']);
    await user.click(within(categories).getByRole('button', { name: 'Workshop' }));

    await waitFor(() => expect(cardTitles()).toEqual([workshop.title, coding.title]));
    expect(currentUrl()).toBe('/events?category=Workshop');
    expect(lastRequest()?.searchParams.get('category')).toBe('Workshop');
    expect(within(categories).getByRole('button', { name: 'Workshop' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'coding{Enter}');

    await waitFor(() => expect(cardTitles()).toEqual([coding.title]));
    expect(currentUrl()).toBe('/events?q=coding&category=Workshop');
    expect(lastRequest()?.searchParams.get('q')).toBe('coding');
    expect(lastRequest()?.searchParams.get('category')).toBe('Workshop');

    await user.click(within(categories).getByRole('button', { name: 'All' }));

    await waitFor(() => expect(currentUrl()).toBe('/events?q=coding'));
    expect(lastRequest()?.searchParams.has('category')).toBe(false);
  });

  it('opens with the filters of a shared link, dropping an unknown category', async () => {
    const requests = fakeEvents([buildEvent({ title: 'Nairobi Tech Summit', category: 'Conference' })]);
    renderEventsPage('/events?q=tech&category=Parties');

    await waitFor(() => expect(cardTitles()).toEqual(['Nairobi Tech Summit']));
    const request = requests.map(({ url }) => url)[0];
    expect(request?.searchParams.get('q')).toBe('tech');
    expect(request?.searchParams.has('category')).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search events' }).value).toBe('tech');
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('loads the next 24 events with Load more', async () => {
    const events = Array.from({ length: EVENT_PAGE_SIZE + 2 }, () => buildEvent());
    const requests = fakeEvents(events);
    const user = userEvent.setup();
    renderEventsPage();

    await waitFor(() => expect(cards()).toHaveLength(EVENT_PAGE_SIZE));
    expect(screen.getByText(`Showing ${EVENT_PAGE_SIZE} of ${events.length}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(cards()).toHaveLength(events.length));
    expect(
      requests
        .map(({ url }) => url)
        .at(-1)
        ?.searchParams.get('offset'),
    ).toBe(String(EVENT_PAGE_SIZE));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when no event matches, suggesting another search or category', async () => {
    fakeEvents([buildEvent({ title: 'Jazz by the Lake' })]);
    renderEventsPage('/events?q=opera');

    expect(await screen.findByText('No events found')).toBeTruthy();
    expect(screen.getByText('Try another search or category.')).toBeTruthy();
  });

  it('shows a failed load with Try Again, which asks again', async () => {
    const concert = buildEvent({ title: 'Jazz by the Lake' });
    let calls = 0;
    server.use(
      http.get('/api/events', () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 });
        return pageAnswer([concert], 1);
      }),
    );
    const user = userEvent.setup();
    renderEventsPage();

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load events.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    await waitFor(() => expect(cardTitles()).toEqual([concert.title]));
  });

  it('links signed-in users to Create Event, Your Events and My Tickets; visitors see none of them', async () => {
    fakeEvents([]);
    const { unmount } = renderEventsPage();
    await screen.findByText('No events found');
    expect(screen.queryByRole('link', { name: 'Create Event' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My Tickets' })).toBeNull();
    unmount();

    useAuthStore.setState({ user: ORGANIZER });
    renderEventsPage();
    const links = within(screen.getByRole('navigation', { name: 'Your events and tickets' }));
    expect(links.getByRole('link', { name: 'Create Event' }).getAttribute('href')).toBe('/tickets/new');
    expect(links.getByRole('link', { name: 'Your Events' }).getAttribute('href')).toBe('/tickets/organizer');
    expect(links.getByRole('link', { name: 'My Tickets' }).getAttribute('href')).toBe('/tickets/mine');
  });
});
