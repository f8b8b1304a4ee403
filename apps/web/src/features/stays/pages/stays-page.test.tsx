import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAY_MESSAGES, STAY_PAGE_SIZE, stayListQuery } from '@sokoni/contracts/stays-rules';
import type { StaySummary } from '@sokoni/contracts/stays';
import { pageAnswer } from '@/test/answers';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { DEFAULT_VIEWPORT_WIDTH, setViewportWidth } from '@/test/viewport';
import type { SentRequest } from '@/test/server';
import { buildStay } from '../test/stay-fakes';
import { StaysPage } from './stays-page';

beforeEach(() => {
  // Nairobi's today is 10 March 2026 (the date filter refuses earlier check-ins).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00.000Z'));
});

afterEach(() => {
  cleanup();
  setViewportWidth(DEFAULT_VIEWPORT_WIDTH);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const summary = ({
  bookings: _bookings,
  reviews: _reviews,
  ...stay
}: ReturnType<typeof buildStay>): StaySummary => stay;

/** Answers GET /api/stays with `stays` (narrowed by `q` in the title and by amenities), paged like the API. */
function fakeStays(stays: StaySummary[]) {
  const requests = recordRequests();
  server.use(
    http.get('/api/stays', ({ request }) => {
      const url = new URL(request.url);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const amenities = url.searchParams.getAll('amenities');
      const matches = stays.filter(
        (stay) =>
          stay.title.toLowerCase().includes(q) &&
          amenities.every((amenity) => stay.amenities.some((has) => has === amenity)),
      );
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? STAY_PAGE_SIZE);
      return pageAnswer(matches.slice(offset, offset + limit), matches.length);
    }),
  );
  return requests;
}

function renderStaysPage(url = '/stays') {
  return renderWithProviders(
    <>
      <StaysPage />
      <CurrentUrl />
    </>,
    { url },
  );
}

const cards = () => screen.queryAllByTestId('stay-card');
/** The query of the last GET /api/stays, as sent: names and values in order. */
const lastQuery = (requests: SentRequest[]) => requests.at(-1)?.url.search;

describe('stays page', () => {
  it('shows each stay: photo, title linking to it, place, price a night, rating or New, guests and bedrooms', async () => {
    const villa = summary(
      buildStay({
        title: 'Diani Beach Villa',
        location: 'Diani, Kwale',
        pricePerNight: 4500,
        guests: 6,
        bedrooms: 3,
        rating: 4.7,
        reviewCount: 12,
      }),
    );
    const cottage = summary(
      buildStay({ title: 'Naivasha Cottage', guests: 1, bedrooms: 1, pricePerNight: 12_000 }),
    );
    fakeStays([villa, cottage]);
    renderStaysPage();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Discover Amazing Stays');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards().map((card) => within(card));
    expect(first!.getByRole('link', { name: 'Diani Beach Villa' }).getAttribute('href')).toBe(
      `/stays/${villa.id}`,
    );
    expect(first!.getByText('Diani, Kwale')).toBeTruthy();
    expect(first!.getByTestId('stay-price').textContent).toBe('KES 4,500 / night');
    expect(first!.getByTestId('stay-rating').textContent).toBe('4.7 (12 reviews)');
    expect(first!.getByText('6 guests · 3 bedrooms')).toBeTruthy();
    const image = cards()[0]!.querySelector('img');
    expect(image?.getAttribute('src')).toBe(villa.images[0]);
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['600', '400']);
    expect(second!.getByTestId('stay-price').textContent).toBe('KES 12,000 / night');
    expect(second!.getByTestId('stay-rating').textContent).toBe('New');
    expect(second!.getByText('1 guest · 1 bedroom')).toBeTruthy();
    expect(screen.getByTestId('result-count').textContent).toBe('2 stays');
    expect(screen.getByRole('link', { name: 'Become a Host' }).getAttribute('href')).toBe('/host/stays/new');
  });

  it('asks first for exactly the address the server answers in the page it serves', async () => {
    const requests = fakeStays([]);
    renderStaysPage();
    await screen.findByText(STAY_MESSAGES.noStays);

    expect(requests.map(({ url }) => url).map((url) => `${url.pathname}${url.search}`)).toEqual([
      `/api/stays?${new URLSearchParams(stayListQuery({}, { limit: STAY_PAGE_SIZE, offset: 0 }))}`,
    ]);
  });

  it('puts every filter in the URL and asks the server with them, in the one order', async () => {
    const user = userEvent.setup();
    const requests = fakeStays([summary(buildStay({ title: 'Diani Beach Villa' }))]);
    renderStaysPage();
    await waitFor(() => expect(cards()).toHaveLength(1));

    await user.type(screen.getByRole('searchbox', { name: 'Search stays' }), 'Diani{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Pool' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wi-Fi' }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: Low to High');
    await user.selectOptions(screen.getByLabelText('Guests'), '4 guests or more');
    fireEvent.change(screen.getByRole('slider', { name: 'Maximum price' }), { target: { value: '9000' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Minimum price' }), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: '2026-03-20' } });
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: '2026-03-23' } });

    const expected =
      'q=Diani&minPrice=1500&maxPrice=9000&amenities=Wi-Fi&amenities=Pool&guests=4&from=2026-03-20&to=2026-03-23&sort=priceLowHigh';
    await waitFor(() => expect(currentUrl()).toBe(`/stays?${expected}`));
    await waitFor(() => expect(lastQuery(requests)).toBe(`?${expected}&limit=${STAY_PAGE_SIZE}&offset=0`));
    expect(screen.getByTestId('active-filter-count').textContent).toBe('6 active filters');

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(currentUrl()).toBe('/stays?q=Diani'));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Pool' }).checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Check-in').value).toBe('');
  });

  it('opens a shared search with its filters chosen and sends them', async () => {
    const requests = fakeStays([]);
    renderStaysPage('/stays?amenities=Pool&amenities=Kitchen&sort=rating&guests=3');
    await screen.findByText(STAY_MESSAGES.noStays);

    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Pool' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Kitchen' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('rating');
    expect(screen.getByLabelText<HTMLSelectElement>('Guests').value).toBe('3');
    expect(lastQuery(requests)).toBe(
      `?amenities=Kitchen&amenities=Pool&guests=3&sort=rating&limit=${STAY_PAGE_SIZE}&offset=0`,
    );
  });

  it('searches dates only once both are chosen and allowed, saying which rule is broken meanwhile', async () => {
    const requests = fakeStays([]);
    renderStaysPage();
    await screen.findByText(STAY_MESSAGES.noStays);
    const problem = () => screen.getByTestId('search-dates-problem').textContent;

    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: '2026-03-20' } });
    expect(problem()).toBe(STAY_MESSAGES.datesRequired);
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: '2026-03-18' } });
    expect(problem()).toBe(STAY_MESSAGES.checkOutBeforeCheckIn);
    fireEvent.change(screen.getByLabelText('Check-out'), { target: { value: '2026-04-25' } });
    expect(problem()).toBe(STAY_MESSAGES.tooLong);
    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: '2026-03-01' } });
    expect(problem()).toBe(STAY_MESSAGES.checkInPast);
    expect(currentUrl()).toBe('/stays');
    expect(requests.map(({ url }) => url)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Check-in'), { target: { value: '2026-04-20' } });
    expect(problem()).toBe('');
    await waitFor(() => expect(currentUrl()).toBe('/stays?from=2026-04-20&to=2026-04-25'));
  });

  it('loads the next 24 stays with Load more', async () => {
    const user = userEvent.setup();
    const stays = Array.from({ length: STAY_PAGE_SIZE + 2 }, () => summary(buildStay()));
    const requests = fakeStays(stays);
    renderStaysPage();

    await waitFor(() => expect(cards()).toHaveLength(STAY_PAGE_SIZE));
    expect(screen.getByText(`Showing ${STAY_PAGE_SIZE} of ${stays.length}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(cards()).toHaveLength(stays.length));
    expect(
      requests
        .map(({ url }) => url)
        .at(-1)
        ?.searchParams.get('offset'),
    ).toBe(String(STAY_PAGE_SIZE));
  });

  it("says 'No stays match your search.' when nothing matches, suggesting looser filters", async () => {
    fakeStays([summary(buildStay({ title: 'Kisumu Lake View' }))]);
    renderStaysPage('/stays?q=Lamu');

    expect(await screen.findByText('No stays match your search.')).toBeTruthy();
    expect(screen.getByText('Try other dates, fewer amenities or a wider price range.')).toBeTruthy();
  });

  it('shows a failed load with Try Again, which asks again', async () => {
    const user = userEvent.setup();
    const stay = summary(buildStay({ title: 'Nanyuki Farmhouse' }));
    let calls = 0;
    server.use(
      http.get('/api/stays', () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 });
        return pageAnswer([stay]);
      }),
    );
    renderStaysPage();

    expect((await screen.findByRole('alert')).textContent).toBe(STAY_MESSAGES.loadFailed);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it("opens the filters in a bottom sheet on a phone, applied with 'Show N stays' counting the choice", async () => {
    setViewportWidth(390);
    const user = userEvent.setup();
    fakeStays([
      summary(buildStay({ title: 'Diani Beach Villa', amenities: ['Pool', 'Wi-Fi'] })),
      summary(buildStay({ title: 'Malindi Sea View', amenities: ['Pool'] })),
      summary(buildStay({ title: 'Kisumu Room', amenities: ['Wi-Fi'] })),
    ]);
    renderStaysPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    // On a phone no panel stands beside the stays: the filters wait behind one button.
    expect(screen.queryByRole('checkbox', { name: 'Pool' })).toBeNull();

    const filtersButton = screen.getByRole('button', { name: 'Filters' });
    await user.click(filtersButton);
    const sheet = within(screen.getByRole('dialog', { name: 'Filters' }));
    expect(await sheet.findByRole('button', { name: 'Show 3 stays' })).toBeTruthy();
    await user.click(sheet.getByRole('checkbox', { name: 'Pool' }));
    expect(await sheet.findByRole('button', { name: 'Show 2 stays' })).toBeTruthy();
    // A draft until applied: the list behind the sheet and the address are as they were.
    expect(currentUrl()).toBe('/stays');
    expect(cards()).toHaveLength(3);

    await user.click(sheet.getByRole('button', { name: 'Show 2 stays' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(currentUrl()).toBe('/stays?amenities=Pool');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Filters/ }));
  });

  it('shows grey cards while the first page loads', () => {
    server.use(http.get('/api/stays', () => delay('infinite')));
    renderStaysPage();
    expect(screen.getByRole('status', { name: 'Loading stays' })).toBeTruthy();
  });
});
