import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { Stay } from '@sokoni/contracts/stays';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { HOST, buildStay, stayPhoto } from '../test/hosting-fakes';
import { EditListingPage } from './edit-listing-page';

beforeEach(() => {
  useAuthStore.setState({ user: HOST });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

/** The server: GET /api/stays/{id} answers `stay`, PUT answers `put(body)`. */
function serve(stay: Stay | Response, put: (body: unknown) => Response = () => HttpResponse.json(stay)) {
  const path = `/api/stays/${stay instanceof Response ? 'missing' : stay.id}`;
  server.use(
    http.get(path, () => (stay instanceof Response ? stay.clone() : HttpResponse.json(stay))),
    http.put(path, async ({ request }) => put(await request.json())),
  );
}

function renderPage(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/host/stays/:id/edit" element={<EditListingPage />} />
      <Route path="/host/stays" element={<p>Your Listings page</p>} />
    </Routes>,
    { url: `/host/stays/${id}/edit` },
  );
}

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('edit listing', () => {
  it('starts from the listing as it stands and saves the changes with PUT', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const stay = buildStay({
      title: 'Diani Beach Cottage',
      description: 'Steps from the sand.',
      location: 'Diani, Kwale',
      pricePerNight: 12_500,
      bedrooms: 3,
      bathrooms: 2,
      guests: 6,
      amenities: ['Private Beach', 'Wi-Fi'],
      images: [stayPhoto(7), stayPhoto(8)],
      cancellationPolicy: 'strict',
    });
    const puts: unknown[] = [];
    serve(stay, (body) => {
      puts.push(body);
      return HttpResponse.json(stay);
    });
    renderPage(stay.id);

    expect(await screen.findByDisplayValue('Diani Beach Cottage')).toBeTruthy();
    expect(value('Location')).toBe('Diani, Kwale');
    expect(value('Description')).toBe('Steps from the sand.');
    expect(value('Cancellation policy')).toBe('strict');
    expect(value('Price per night (KES)')).toBe('12500');
    expect([value('Bedrooms'), value('Bathrooms'), value('Guests')]).toEqual(['3', '2', '6']);
    const checked = screen
      .getAllByRole<HTMLInputElement>('checkbox')
      .filter((box) => box.checked)
      .map((box) => box.value);
    expect(checked).toEqual(['Wi-Fi', 'Private Beach']);
    const photos = within(screen.getByRole('list', { name: 'Your photos' }));
    expect(photos.getByRole('img', { name: 'Cover: photo 1' }).getAttribute('src')).toBe(stayPhoto(7));
    expect(photos.getByRole('img', { name: 'photo 2' }).getAttribute('src')).toBe(stayPhoto(8));

    await user.clear(screen.getByLabelText('Price per night (KES)'));
    await user.type(screen.getByLabelText('Price per night (KES)'), '14,000');
    await user.click(screen.getByRole('checkbox', { name: 'Pool' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your Listings page')).toBeTruthy();
    expect(puts).toEqual([
      {
        title: 'Diani Beach Cottage',
        description: 'Steps from the sand.',
        location: 'Diani, Kwale',
        pricePerNight: 14_000,
        bedrooms: 3,
        bathrooms: 2,
        guests: 6,
        amenities: ['Wi-Fi', 'Pool', 'Private Beach'],
        images: [stayPhoto(7), stayPhoto(8)],
        cancellationPolicy: 'strict',
      },
    ]);
    expect(success).toHaveBeenCalledWith(STAY_MESSAGES.listingUpdated);
  });

  it("says 'Only the host can change this listing.' when the server refuses the change", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    const stay = buildStay();
    serve(stay, () =>
      HttpResponse.json(
        { statusCode: 403, code: 'NOT_HOST', message: STAY_MESSAGES.notHost },
        { status: 403 },
      ),
    );
    renderPage(stay.id);

    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    expect((await screen.findByRole('alert')).textContent).toBe(STAY_MESSAGES.notHost);
    expect(error).toHaveBeenCalledWith(STAY_MESSAGES.listingSaveFailed);
    expect(screen.queryByText('Your Listings page')).toBeNull();
  });

  it("shows someone else's listing without a form", async () => {
    const stay = buildStay({ hostId: '00000000-0000-4000-8000-0000000000ff' });
    serve(stay);
    renderPage(stay.id);

    expect((await screen.findByRole('alert')).textContent).toBe(STAY_MESSAGES.notHost);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it("says 'Stay not found.' for an unknown listing", async () => {
    serve(
      HttpResponse.json(
        { statusCode: 404, code: 'STAY_NOT_FOUND', message: STAY_MESSAGES.notFound },
        { status: 404 },
      ),
    );
    renderPage('missing');

    expect((await screen.findByRole('alert')).textContent).toBe(STAY_MESSAGES.notFound);
    expect(screen.getByRole('link', { name: 'Back to Your Listings' }).getAttribute('href')).toBe(
      '/host/stays',
    );
  });
});
