import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { STAY_IMAGES_MAX, STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { apiFailure } from '@/test/answers';
import { fieldError } from '@/test/field-error';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { heldUploads, jpeg, setUpUploadFormTests, uploadsSent } from '@/test/upload-form';
import { HOST, buildStay, stayPhoto } from '../test/hosting-fakes';
import { CreateListingPage } from './create-listing-page';

setUpUploadFormTests(HOST);

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/host/stays/new" element={<CreateListingPage />} />
      <Route path="/host/stays" element={<p>Your Listings page</p>} />
    </Routes>,
    { url: '/host/stays/new' },
  );
}

/** Picks photos; answers each upload, in order, with the stored photo's address. */
async function uploadPhotos(user: ReturnType<typeof userEvent.setup>, files: File[], urls: string[]) {
  const sent = heldUploads.length;
  await user.upload(screen.getByLabelText('Add photos'), files);
  const uploads = (await uploadsSent(sent + files.length)).slice(sent);
  expect(uploads.map((upload) => upload.path)).toEqual(files.map(() => '/api/uploads/stay-image'));
  expect(uploads.map((upload) => upload.form.get('folder'))).toEqual(files.map(() => 'stays'));
  // In the order picked, whatever order they arrived in.
  const named = (file: File) =>
    uploads.find((upload) => (upload.form.get('file') as File).name === file.name)!;
  expect(screen.getByRole('progressbar', { name: `Uploading ${files[0]!.name}` })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Uploading photos...' }).hasAttribute('disabled')).toBe(true);
  files.forEach((file, index) =>
    act(() => named(file).answer(201, { publicUrl: urls[index], thumbnailUrl: urls[index] })),
  );
  await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'Lakeview Cottage');
  await user.type(screen.getByLabelText('Location'), 'Naivasha, Nakuru');
  await user.type(screen.getByLabelText('Description'), 'Two bedrooms on the lake shore.');
  await user.type(screen.getByLabelText('Price per night (KES)'), '6,500');
  await user.clear(screen.getByLabelText('Guests'));
  await user.type(screen.getByLabelText('Guests'), '4');
  await user.click(screen.getByRole('checkbox', { name: 'Wi-Fi' }));
  await user.click(screen.getByRole('checkbox', { name: 'Fireplace' }));
}

describe('list your place', () => {
  it("refuses an empty form with the contract's messages, and sends nothing", async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'List your place' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create listing' }));

    await waitFor(() => expect(fieldError('Title')).toBe(STAY_MESSAGES.titleRequired));
    expect(fieldError('Location')).toBe(STAY_MESSAGES.locationRequired);
    expect(fieldError('Description')).toBe(STAY_MESSAGES.descriptionRequired);
    expect(fieldError('Price per night (KES)')).toBe(STAY_MESSAGES.price);
    expect(fieldError('Add photos')).toBe(STAY_MESSAGES.imageRequired);
    // The counts start at 1 bedroom, 1 bathroom, 2 guests: nothing to say about them yet.
    expect(fieldError('Bedrooms')).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));

    await user.type(screen.getByLabelText('Price per night (KES)'), '0');
    await user.type(screen.getByLabelText('Bedrooms'), '.5');
    await user.clear(screen.getByLabelText('Bathrooms'));
    await user.type(screen.getByLabelText('Bathrooms'), '-1');
    await user.clear(screen.getByLabelText('Guests'));
    await user.type(screen.getByLabelText('Guests'), '0');
    await user.click(screen.getByRole('button', { name: 'Create listing' }));

    await waitFor(() =>
      expect(fieldError('Price per night (KES)')).toBe('Price per night must be greater than 0.'),
    );
    expect(fieldError('Bedrooms')).toBe(STAY_MESSAGES.bedrooms);
    expect(fieldError('Bathrooms')).toBe(STAY_MESSAGES.bathrooms);
    expect(fieldError('Guests')).toBe(STAY_MESSAGES.guests);
    expect(requests).toEqual([]);
  });

  it('refuses files that are not images, and photos past the twelfth, before uploading them', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage();

    await user.upload(screen.getByLabelText('Add photos'), [
      new File(['%PDF'], 'house-rules.pdf', { type: 'application/pdf' }),
    ]);
    expect(fieldError('Add photos')).toBe('File type not allowed: house-rules.pdf');
    expect(heldUploads).toEqual([]);

    const thirteen = Array.from({ length: STAY_IMAGES_MAX + 1 }, (_, index) => jpeg(`room-${index + 1}.jpg`));
    await user.upload(screen.getByLabelText('Add photos'), thirteen);
    expect(fieldError('Add photos')).toBe(STAY_MESSAGES.tooManyImages);
    await uploadsSent(STAY_IMAGES_MAX);
    expect(screen.getAllByTestId('listing-photo')).toHaveLength(STAY_IMAGES_MAX);
  });

  it("uploads the photos into 'stays', creates the listing with the cover the host chose, and opens Your Listings", async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const posts: unknown[] = [];
    server.use(
      http.post('/api/stays', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(buildStay(), { status: 201 });
      }),
    );
    renderPage();

    await fillForm(user);
    await uploadPhotos(user, [jpeg('lounge.jpg'), jpeg('lake.jpg')], [stayPhoto(1), stayPhoto(2)]);
    const photos = within(screen.getByRole('list', { name: 'Your photos' }));
    expect(photos.getByRole('img', { name: 'Cover: photo 1 (lounge.jpg)' })).toBeTruthy();
    await user.click(photos.getByRole('button', { name: 'Move photo 2 (lake.jpg) earlier' }));
    expect(photos.getByRole('img', { name: 'Cover: photo 1 (lake.jpg)' })).toBeTruthy();
    // Moderate unless the host chooses (#27); the rule of each is in its option.
    const policy = screen.getByLabelText<HTMLSelectElement>('Cancellation policy');
    expect(policy.value).toBe('moderate');
    await user.selectOptions(policy, 'flexible');
    await user.click(screen.getByRole('button', { name: 'Create listing' }));

    expect(await screen.findByText('Your Listings page')).toBeTruthy();
    expect(posts).toEqual([
      {
        title: 'Lakeview Cottage',
        description: 'Two bedrooms on the lake shore.',
        location: 'Naivasha, Nakuru',
        pricePerNight: 6500,
        bedrooms: 1,
        bathrooms: 1,
        guests: 4,
        amenities: ['Wi-Fi', 'Fireplace'],
        images: [stayPhoto(2), stayPhoto(1)],
        cancellationPolicy: 'flexible',
      },
    ]);
    expect(success).toHaveBeenCalledWith(STAY_MESSAGES.listingCreated);
  });

  it("leaves out a removed photo, and says what failed with the server's reason beside its field", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    const posts: Array<{ images: string[] }> = [];
    server.use(
      http.post('/api/stays', async ({ request }) => {
        posts.push((await request.json()) as (typeof posts)[number]);
        return apiFailure(400, 'VALIDATION_FAILED', STAY_MESSAGES.foreignImage, [
          { path: 'images.0', message: STAY_MESSAGES.foreignImage },
        ]);
      }),
    );
    renderPage();

    await fillForm(user);
    await uploadPhotos(user, [jpeg('lounge.jpg'), jpeg('lake.jpg')], [stayPhoto(1), stayPhoto(2)]);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1 (lounge.jpg)' }));
    await user.click(screen.getByRole('button', { name: 'Create listing' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(STAY_MESSAGES.listingSaveFailed));
    expect(posts.map((post) => post.images)).toEqual([[stayPhoto(2)]]);
    await waitFor(() => expect(fieldError('Add photos')).toBe(STAY_MESSAGES.foreignImage));
    expect(screen.queryByText('Your Listings page')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Lakeview Cottage');
  });

  it('drops a photo whose upload failed and says why', async () => {
    const user = userEvent.setup();
    renderPage();

    await user.upload(screen.getByLabelText('Add photos'), [jpeg('lounge.jpg')]);
    const [upload] = await uploadsSent(1);
    act(() =>
      upload!.answer(413, {
        statusCode: 413,
        code: 'FILE_TOO_LARGE',
        message: 'File too large: lounge.jpg',
      }),
    );

    await waitFor(() => expect(fieldError('Add photos')).toBe('File too large: lounge.jpg'));
    expect(screen.queryAllByTestId('listing-photo')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Create listing' }).hasAttribute('disabled')).toBe(false);
  });
});
