import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { apiFailure } from '@/test/answers';
import { buildEvent } from '@/test/api-fakes';
import { fieldError } from '@/test/field-error';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { heldUploads, jpeg, setUpUploadFormTests, uploadsSent } from '@/test/upload-form';
import { CreateEventForm } from './create-event-form';

const ORGANIZER = {
  id: 'u1',
  name: 'Achieng Otieno',
  email: 'achieng@example.co.ke',
  role: 'user',
  token: 't',
};
const UPLOADED = '/api/uploads/events/0123456789abcdef0123456789abcdef.webp';

setUpUploadFormTests(ORGANIZER);

function renderForm() {
  return renderWithProviders(
    <Routes>
      <Route path="/tickets/new" element={<CreateEventForm />} />
      <Route path="/events" element={<p>Events page</p>} />
    </Routes>,
    { url: '/tickets/new' },
  );
}

/** Picks a photo and lets its upload finish with the stored image's url. */
async function uploadPhoto(user: ReturnType<typeof userEvent.setup>) {
  const sent = heldUploads.length;
  await user.upload(screen.getByLabelText('Choose image'), jpeg('poster.jpg'));
  const upload = (await uploadsSent(sent + 1)).at(-1)!;
  expect(screen.getByRole('progressbar', { name: 'Uploading poster.jpg' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Uploading image...' }).hasAttribute('disabled')).toBe(true);
  act(() => upload.answer(201, { publicUrl: UPLOADED, thumbnailUrl: UPLOADED }));
  await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  return upload;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'Nairobi Jazz Night');
  await user.type(screen.getByLabelText('Date & time'), '2099-11-20T18:30');
  await user.type(screen.getByLabelText('Location'), 'Alliance Française, Nairobi');
  await user.selectOptions(screen.getByLabelText('Category'), 'Concert');
  await user.type(screen.getByLabelText('Description'), 'An evening of Kenyan jazz.');
}

describe('create event form', () => {
  it("refuses an empty form with the contract's messages, the image's included, and sends nothing", async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    await waitFor(() => expect(fieldError('Title')).toBe(EVENT_MESSAGES.titleRequired));
    expect(fieldError('Date & time')).toBe(EVENT_MESSAGES.dateRequired);
    expect(fieldError('Location')).toBe(EVENT_MESSAGES.locationRequired);
    expect(fieldError('Category')).toBe(EVENT_MESSAGES.category);
    expect(fieldError('Description')).toBe(EVENT_MESSAGES.descriptionRequired);
    expect(fieldError('Choose image')).toBe(EVENT_MESSAGES.imageRequired);
    // An empty price and number of tickets are 0, not mistakes.
    expect(fieldError('Ticket price (KES)')).toBeUndefined();
    expect(fieldError('Tickets available')).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));
    expect(requests).toEqual([]);

    await user.type(screen.getByLabelText('Ticket price (KES)'), 'ten');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(fieldError('Ticket price (KES)')).toBe(EVENT_MESSAGES.price));
  });

  it('refuses a file that is not an image before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();

    await user.upload(
      screen.getByLabelText('Choose image'),
      new File(['%PDF'], 'flyer.pdf', { type: 'application/pdf' }),
    );

    expect(fieldError('Choose image')).toBe('File type not allowed: flyer.pdf');
    expect(heldUploads).toEqual([]);
  });

  it('refuses a date in the past beside its field before sending anything; the picker starts now', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    renderForm();

    await fillForm(user);
    const date = screen.getByLabelText<HTMLInputElement>('Date & time');
    expect(date.min).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await user.clear(date);
    await user.type(date, '2020-11-20T18:30');
    await uploadPhoto(user);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    await waitFor(() => expect(fieldError('Date & time')).toBe(EVENT_MESSAGES.datePast));
    expect(document.activeElement).toBe(date);
    expect(requests.filter((request) => request.path === '/api/events')).toEqual([]);
  });

  it("asks before publishing an event with no tickets, then creates it in Nairobi time, empty price and tickets as 0, says 'Event created successfully!' and opens /events", async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const posts: unknown[] = [];
    server.use(
      http.post('/api/events', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(buildEvent(), { status: 201 });
      }),
    );
    renderForm();

    await fillForm(user);
    const upload = await uploadPhoto(user);
    expect(upload.path).toBe('/api/uploads/event-image');
    expect(upload.form.get('folder')).toBe('events');
    expect(screen.getByRole('img', { name: 'Preview: poster.jpg' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    // Nobody could buy a ticket: the organizer is asked first, and may go back to the field.
    const dialog = await screen.findByRole('dialog', { name: 'Publish with no tickets?' });
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add tickets' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Tickets available')));
    expect(posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publish with no tickets?' })).getByRole('button', {
        name: 'Publish anyway',
      }),
    );
    expect(await screen.findByText('Events page')).toBeTruthy();
    expect(posts).toEqual([
      {
        title: 'Nairobi Jazz Night',
        date: '2099-11-20T18:30:00+03:00',
        location: 'Alliance Française, Nairobi',
        category: 'Concert',
        price: 0,
        ticketsAvailable: 0,
        description: 'An evening of Kenyan jazz.',
        image: UPLOADED,
      },
    ]);
    expect(success).toHaveBeenCalledWith(EVENT_MESSAGES.createSucceeded);
  });

  it("says 'Error creating event. Please try again.' on failure, with the server's reason beside its field", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    server.use(http.post('/api/events', () => apiFailure(400, 'EVENT_DATE_PAST', EVENT_MESSAGES.datePast)));
    renderForm();

    await fillForm(user);
    await user.type(screen.getByLabelText('Ticket price (KES)'), '1,500');
    await user.type(screen.getByLabelText('Tickets available'), '200');
    await uploadPhoto(user);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(EVENT_MESSAGES.createFailed));
    await waitFor(() => expect(fieldError('Date & time')).toBe(EVENT_MESSAGES.datePast));
    expect(document.activeElement).toBe(screen.getByLabelText('Date & time'));
    expect(screen.queryByText('Events page')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Ticket price (KES)').value).toBe('1,500');
  });
});
