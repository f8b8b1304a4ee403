import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { HostListing, StayBlock } from '@sokoni/contracts/stays';
import { useAuthStore } from '@/stores/auth';
import { noContent } from '@/test/answers';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { BLOCK_MESSAGES } from '../lib/block-dates';
import { HOST, buildHostListing } from '../test/hosting-fakes';
import { YourListingsPage } from './your-listings-page';

/** 00:30 on Tuesday 10 March 2026 in Nairobi, still 9 March in UTC. */
const NOW = '2026-03-09T21:30:00.000Z';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(NOW) });
  useAuthStore.setState({ user: HOST });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  vi.useRealTimers();
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

const PAINTING: StayBlock = {
  id: 'blk-painting',
  startDate: '2026-03-25',
  endDate: '2026-03-28',
  note: 'Painting',
};

function lakeview(overrides: Partial<HostListing> = {}): HostListing {
  return buildHostListing({
    title: 'Lakeview Cottage',
    location: 'Naivasha, Nakuru',
    pricePerNight: 6500,
    rating: 4.6,
    reviewCount: 12,
    earnings: 45_500,
    upcomingBookings: [
      {
        id: 'bkg-amina',
        startDate: '2026-03-12',
        endDate: '2026-03-15',
        nights: 3,
        amount: 19_500,
        status: 'confirmed',
        guest: { firstName: 'Amina' },
      },
      {
        id: 'bkg-otieno',
        startDate: '2026-03-20',
        endDate: '2026-03-22',
        nights: 2,
        amount: 13_000,
        status: 'held',
        guest: { firstName: 'Otieno' },
      },
    ],
    blocks: [PAINTING],
    ...overrides,
  });
}

type Routes = {
  block?: (stayId: string, body: unknown) => Response;
  unblock?: (stayId: string, blockId: string) => Response;
};

/** The server: GET /api/host/stays answers `listings()` (asked again after each change). */
function serve(listings: () => Response, routes: Routes = {}) {
  server.use(
    http.get('/api/host/stays', () => listings()),
    http.post('/api/stays/:id/blocks', async ({ request, params }) =>
      routes.block?.(String(params.id), await request.json()),
    ),
    http.delete('/api/stays/:id/blocks/:blockId', ({ params }) =>
      routes.unblock?.(String(params.id), String(params.blockId)),
    ),
  );
}

const listingCard = () => screen.getByTestId('host-listing');
/** A night in the listing's calendar, by its accessible name ('Thursday, 12 March 2026, booked'). */
const day = (name: string) =>
  within(listingCard()).getByRole('button', { name: new RegExp(`^(Today, )?${name}`) });

describe('Your Listings', () => {
  it('shows each listing with its facts, earnings, bookings to come, blocked dates and calendar feed', async () => {
    const listing = lakeview();
    serve(() => HttpResponse.json([listing]));
    renderWithProviders(<YourListingsPage />, { url: '/host/stays' });

    expect(screen.getByRole('heading', { level: 1, name: 'Your Listings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List a new place' }).getAttribute('href')).toBe(
      '/host/stays/new',
    );
    expect(screen.getByRole('status', { name: 'Loading your listings' })).toBeTruthy();
    const card = await screen.findByTestId('host-listing');
    const inCard = within(card);

    expect(inCard.getByRole('heading', { level: 2 }).textContent).toBe('Lakeview Cottage');
    expect(card.textContent).toContain('Naivasha, Nakuru');
    expect(card.textContent).toContain('KES 6,500 per night');
    expect(inCard.getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeTruthy();
    expect(card.textContent).toContain('4.6 (12 reviews)');
    expect(inCard.getByText('Earnings').nextElementSibling?.textContent).toBe('KES 45,500');
    expect(inCard.getByRole('link', { name: 'Edit Lakeview Cottage' }).getAttribute('href')).toBe(
      `/host/stays/${listing.id}/edit`,
    );
    expect(inCard.getByRole('link', { name: 'View Lakeview Cottage' }).getAttribute('href')).toBe(
      `/stays/${listing.id}`,
    );

    const bookings = inCard.getAllByTestId('host-booking').map((item) => item.textContent);
    expect(bookings).toEqual([
      'Thu, 12 Mar 2026 – Sun, 15 Mar 2026ConfirmedAmina · 3 nights · KES 19,500',
      'Fri, 20 Mar 2026 – Sun, 22 Mar 2026Awaiting paymentOtieno · 2 nights · KES 13,000',
    ]);
    expect(inCard.getByTestId('stay-block').textContent).toContain('Wed, 25 Mar 2026 – Fri, 27 Mar 2026');
    expect(inCard.getByTestId('stay-block').textContent).toContain('3 nights · Painting');

    const feed = inCard.getByLabelText<HTMLInputElement>('Calendar link');
    expect(feed.readOnly).toBe(true);
    expect(feed.value).toBe(`${window.location.origin}${listing.calendarUrl}`);
    expect(card.textContent).toContain(
      'Paste this link into Google Calendar, Airbnb or Booking.com to keep your calendars in step.',
    );
  });

  it("marks booked and blocked nights in two colours, check-out days free, on this month's calendar", async () => {
    serve(() => HttpResponse.json([lakeview()]));
    renderWithProviders(<YourListingsPage />, { url: '/host/stays' });
    await screen.findByTestId('host-listing');

    expect(within(listingCard()).getByRole('grid', { name: 'March 2026' })).toBeTruthy();
    expect(day('Tuesday, 10 March 2026').getAttribute('aria-label')).toBe('Today, Tuesday, 10 March 2026');
    for (const night of ['Thursday, 12 March 2026', 'Saturday, 14 March 2026', 'Friday, 20 March 2026']) {
      expect(day(`${night}, booked`).parentElement?.className).toContain('bg-emerald-700');
    }
    for (const night of ['Wednesday, 25 March 2026', 'Friday, 27 March 2026']) {
      expect(day(`${night}, blocked`).parentElement?.className).toContain('bg-slate-300');
    }
    // Check-out mornings are free for the next guest.
    for (const free of ['Sunday, 15 March 2026', 'Sunday, 22 March 2026', 'Saturday, 28 March 2026']) {
      expect(day(free).getAttribute('aria-label')).toBe(free);
      expect(day(free).hasAttribute('disabled')).toBe(false);
    }
    // Nights past, booked or blocked cannot be picked to block.
    expect(day('Monday, 9 March 2026').hasAttribute('disabled')).toBe(true);
    expect(day('Thursday, 12 March 2026, booked').hasAttribute('disabled')).toBe(true);
    const legend = within(within(listingCard()).getByRole('list', { name: 'Calendar legend' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Booked',
      'Blocked',
      'Picked to block',
    ]);
  });

  it('blocks the nights picked in the calendar, and shows them blocked', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let listing = lakeview();
    const posts: Array<{ stayId: string; body: unknown }> = [];
    serve(() => HttpResponse.json([listing]), {
      block: (stayId, body) => {
        posts.push({ stayId, body });
        const block = { id: 'blk-new', startDate: '2026-03-16', endDate: '2026-03-19', note: '' };
        listing = { ...listing, blocks: [...listing.blocks, block] };
        return HttpResponse.json(block, { status: 201 });
      },
    });
    renderWithProviders(<YourListingsPage />, { url: '/host/stays' });
    await screen.findByTestId('host-listing');

    await user.click(day('Monday, 16 March 2026'));
    await user.click(day('Wednesday, 18 March 2026'));
    const card = within(listingCard());
    expect(card.getByLabelText<HTMLInputElement>('First night').value).toBe('2026-03-16');
    expect(card.getByLabelText<HTMLInputElement>('Last night').value).toBe('2026-03-18');
    expect(day('Tuesday, 17 March 2026').getAttribute('aria-label')).toBe('Tuesday, 17 March 2026, selected');
    await user.click(card.getByRole('button', { name: 'Block dates' }));

    await waitFor(() => expect(day('Tuesday, 17 March 2026, blocked')).toBeTruthy());
    expect(posts).toEqual([
      { stayId: listing.id, body: { startDate: '2026-03-16', endDate: '2026-03-19', note: '' } },
    ]);
    expect(success).toHaveBeenCalledWith(BLOCK_MESSAGES.blocked);
    expect(card.getByLabelText<HTMLInputElement>('First night').value).toBe('');
    expect(card.getAllByTestId('stay-block').map((item) => item.textContent?.split('3 nights')[0])).toEqual([
      'Wed, 25 Mar 2026 – Fri, 27 Mar 2026',
      'Mon, 16 Mar 2026 – Wed, 18 Mar 2026',
    ]);
  });

  it("says why typed dates cannot be blocked: the form's own check, then the server's", async () => {
    const user = userEvent.setup();
    const listing = lakeview();
    const posts: unknown[] = [];
    serve(() => HttpResponse.json([listing]), {
      block: (_stayId, body) => {
        posts.push(body);
        return HttpResponse.json(
          { statusCode: 409, code: 'DATES_TAKEN', message: STAY_MESSAGES.datesBooked },
          { status: 409 },
        );
      },
    });
    renderWithProviders(<YourListingsPage />, { url: '/host/stays' });
    const card = within(await screen.findByTestId('host-listing'));
    const form = within(card.getByRole('form', { name: 'Block dates of Lakeview Cottage' }));

    fireEvent.change(form.getByLabelText('First night'), { target: { value: '2026-04-11' } });
    // The calendar goes to the month of a night typed.
    expect(form.getByRole('grid', { name: 'April 2026' })).toBeTruthy();
    fireEvent.change(form.getByLabelText('Last night'), { target: { value: '2026-04-10' } });
    await user.click(form.getByRole('button', { name: 'Block dates' }));
    expect(form.getByRole('alert').textContent).toBe(BLOCK_MESSAGES.lastBeforeFirst);
    expect(posts).toEqual([]);

    fireEvent.change(form.getByLabelText('First night'), { target: { value: '2026-03-11' } });
    fireEvent.change(form.getByLabelText('Last night'), { target: { value: '2026-03-13' } });
    expect(form.queryByRole('alert')).toBeNull();
    await user.type(form.getByLabelText('Note (optional)'), 'Booked on Airbnb');
    await user.click(form.getByRole('button', { name: 'Block dates' }));

    await waitFor(() => expect(form.getByRole('alert').textContent).toBe(STAY_MESSAGES.datesBooked));
    expect(posts).toEqual([{ startDate: '2026-03-11', endDate: '2026-03-14', note: 'Booked on Airbnb' }]);
  });

  it('unblocks blocked nights', async () => {
    const user = userEvent.setup();
    let listing = lakeview();
    const deletes: string[] = [];
    serve(() => HttpResponse.json([listing]), {
      unblock: (stayId, blockId) => {
        deletes.push(`${stayId}/${blockId}`);
        listing = { ...listing, blocks: [] };
        return noContent();
      },
    });
    renderWithProviders(<YourListingsPage />, { url: '/host/stays' });
    await screen.findByTestId('host-listing');

    await user.click(
      within(listingCard()).getByRole('button', { name: 'Unblock Wed, 25 Mar 2026 – Fri, 27 Mar 2026' }),
    );

    expect(await within(listingCard()).findByText('No blocked dates.')).toBeTruthy();
    expect(deletes).toEqual([`${listing.id}/${PAINTING.id}`]);
    expect(day('Wednesday, 25 March 2026').getAttribute('aria-label')).toBe('Wednesday, 25 March 2026');
  });

  it('copies the calendar link, or selects it where the browser will not copy', async () => {
    const user = userEvent.setup();
    const listing = lakeview();
    serve(() => HttpResponse.json([listing]));
    renderWithProviders(<YourListingsPage />, { url: '/host/stays' });
    const card = within(await screen.findByTestId('host-listing'));
    const feed = card.getByLabelText<HTMLInputElement>('Calendar link');

    await user.click(card.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(feed.value);
    expect(card.getByText('Link copied.')).toBeTruthy();

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    await user.click(card.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(document.activeElement).toBe(feed));
    expect([feed.selectionStart, feed.selectionEnd]).toEqual([0, feed.value.length]);
    expect(card.getByText(/The link is selected/)).toBeTruthy();
  });

  it("says 'You haven't listed any places yet.' and offers to list one", async () => {
    serve(() => HttpResponse.json([]));
    renderWithProviders(<YourListingsPage />, { url: '/host/stays' });

    expect(await screen.findByText(STAY_MESSAGES.noListings)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List your place' }).getAttribute('href')).toBe(
      '/host/stays/new',
    );
  });

  it('links to the earnings of the listings (#27)', async () => {
    serve(() => HttpResponse.json([]));
    renderWithProviders(<YourListingsPage />, { url: '/host/stays' });

    expect((await screen.findByRole('link', { name: 'Your earnings' })).getAttribute('href')).toBe(
      '/earnings',
    );
  });

  it('shows the error state with Try Again when the listings fail to load', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve(() =>
      fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json([lakeview()]),
    );
    renderWithProviders(<YourListingsPage />, { url: '/host/stays' });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load your listings. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('host-listing')).toBeTruthy();
  });
});
