import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { useAuthStore } from '@/stores/auth';
import { apiFailure } from '@/test/answers';
import { buildEvent } from '@/test/api-fakes';
import { fieldError } from '@/test/field-error';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { EditEventPage } from './edit-event-page';

const ORGANIZER = {
  id: '00000000-0000-4000-8000-0000000000ee',
  name: 'Nairobi Live',
  email: 'live@example.co.ke',
  role: 'user',
  token: 't',
};

beforeEach(() => {
  useAuthStore.setState({ user: ORGANIZER });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

function renderPage(id: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/tickets/:id/edit" element={<EditEventPage />} />
      <Route path="/tickets/organizer" element={<p>Your Events page</p>} />
    </Routes>,
    { url: `/tickets/${id}/edit` },
  );
}

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('edit event', () => {
  it('starts from the event as it stands (Nairobi time, seats in all) and saves with PATCH, the date only when it changed', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const event = buildEvent({
      title: 'Blankets & Wine',
      date: '2099-11-20T15:00:00.000Z',
      price: 2500,
      capacity: 100,
      ticketsAvailable: 60,
    });
    const patches: unknown[] = [];
    server.use(
      http.get(`/api/events/${event.id}`, () => HttpResponse.json(event)),
      http.patch(`/api/events/${event.id}`, async ({ request }) => {
        patches.push(await request.json());
        return patches.length === 1
          ? apiFailure(409, 'CAPACITY_BELOW_TAKEN', EVENT_MESSAGES.capacityBelowTaken(38, 2))
          : HttpResponse.json(event);
      }),
    );
    renderPage(event.id);

    await waitFor(() => expect(value('Title')).toBe('Blankets & Wine'));
    expect(value('Date & time')).toBe('2099-11-20T18:00');
    expect(value('Ticket price (KES)')).toBe('2500');
    expect(value('Tickets in all')).toBe('100');
    expect(value('Category')).toBe('Concert');
    expect(screen.getByText(/^40 taken so far/)).toBeTruthy();

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Blankets & Wine: Encore');
    await user.clear(screen.getByLabelText('Tickets in all'));
    await user.type(screen.getByLabelText('Tickets in all'), '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    // The server's refusal beside the field it concerns.
    await waitFor(() => expect(fieldError('Tickets in all')).toBe(EVENT_MESSAGES.capacityBelowTaken(38, 2)));

    await user.clear(screen.getByLabelText('Tickets in all'));
    await user.type(screen.getByLabelText('Tickets in all'), '150');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your Events page')).toBeTruthy();
    expect(patches.at(-1)).toEqual({
      title: 'Blankets & Wine: Encore',
      location: event.location,
      category: event.category,
      price: 2500,
      capacity: 150,
      description: event.description,
      image: event.image,
    });
    expect(success).toHaveBeenCalledWith(EVENT_MESSAGES.updateSucceeded);
  });

  it('tells another user it is not theirs to change, with no form', async () => {
    const event = buildEvent({ organizerId: 'someone-else' });
    server.use(http.get(`/api/events/${event.id}`, () => HttpResponse.json(event)));
    renderPage(event.id);

    expect(await screen.findByText(EVENT_MESSAGES.notOwner)).toBeTruthy();
    expect(screen.queryByLabelText('Title')).toBeNull();
  });
});
