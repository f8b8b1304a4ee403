import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { Route, Routes, useParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { apiFailure } from '@/test/answers';
import { INSTRUCTOR, buildCourse, courseImage } from '@/test/course-fakes';
import { fieldError } from '@/test/field-error';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { heldUploads, jpeg, setUpUploadFormTests, uploadsSent } from '@/test/upload-form';
import { CreateCoursePage } from './create-course-page';

setUpUploadFormTests(INSTRUCTOR);

function EditorProbe() {
  const { courseId } = useParams();
  return <p>Lesson editor of {courseId}</p>;
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/instructor/courses/new" element={<CreateCoursePage />} />
      <Route path="/instructor/courses/:courseId/edit" element={<EditorProbe />} />
    </Routes>,
    { url: '/instructor/courses/new' },
  );
}

/** Picks an image for the field labelled `label`; answers its upload with `url` after showing it in progress. */
async function uploadImage(user: ReturnType<typeof userEvent.setup>, label: string, file: File, url: string) {
  const sent = heldUploads.length;
  await user.upload(screen.getByLabelText(label), file);
  const upload = (await uploadsSent(sent + 1)).at(-1)!;
  expect(upload.path).toBe('/api/uploads/course-image');
  expect(upload.form.get('folder')).toBe('courses');
  expect(screen.getByRole('progressbar', { name: `Uploading ${file.name}` })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Uploading image...' }).hasAttribute('disabled')).toBe(true);
  act(() => upload.answer(201, { publicUrl: url, thumbnailUrl: url }));
  await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'Poultry Farming for Profit');
  await user.type(screen.getByLabelText('Description'), 'Raise healthy layers.\nSell their eggs.');
  await user.type(screen.getByLabelText('Price (KES)'), '2,500');
  await user.type(screen.getByLabelText('Category'), 'Agriculture');
  await user.selectOptions(screen.getByLabelText('Level'), 'Intermediate');
}

describe('create new course', () => {
  it("refuses an empty form with the contract's messages, and sends nothing", async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Create New Course' })).toBeTruthy();
    // The signed-in instructor's name, English and Beginner to begin with.
    expect(screen.getByLabelText<HTMLInputElement>('Instructor name').value).toBe(INSTRUCTOR.name);
    expect(screen.getByLabelText<HTMLInputElement>('Language').value).toBe('English');
    expect(screen.getByLabelText<HTMLSelectElement>('Level').value).toBe('Beginner');
    await user.click(screen.getByRole('button', { name: 'Create Course' }));

    await waitFor(() => expect(fieldError('Title')).toBe(COURSE_MESSAGES.titleRequired));
    expect(fieldError('Description')).toBe(COURSE_MESSAGES.descriptionRequired);
    expect(fieldError('Price (KES)')).toBe(COURSE_MESSAGES.price);
    expect(fieldError('Category')).toBe(COURSE_MESSAGES.categoryRequired);
    expect(fieldError('Choose course image')).toBe(COURSE_MESSAGES.imageRequired);
    expect(fieldError('Instructor name')).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Title')));

    await user.type(screen.getByLabelText('Category'), 'uncategorized');
    await user.clear(screen.getByLabelText('Instructor name'));
    await user.click(screen.getByRole('button', { name: 'Add an objective' }));
    await user.click(screen.getByRole('button', { name: 'Create Course' }));

    await waitFor(() => expect(fieldError('Category')).toBe(COURSE_MESSAGES.categoryReserved));
    expect(fieldError('Instructor name')).toBe(COURSE_MESSAGES.instructorNameRequired);
    expect(fieldError('Objective 1')).toBe(COURSE_MESSAGES.objectiveEmpty);
    expect(requests).toEqual([]);
  });

  it('suggests the usual categories for the Category field', async () => {
    renderPage();
    const category = screen.getByLabelText('Category');
    const suggestions = document.getElementById(category.getAttribute('list')!);
    expect([...(suggestions?.querySelectorAll('option') ?? [])].map((option) => option.value)).toContain(
      'Agriculture',
    );
  });

  it('refuses a file that is not an image before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage();

    await user.upload(
      screen.getByLabelText('Choose course image'),
      new File(['%PDF'], 'syllabus.pdf', { type: 'application/pdf' }),
    );

    expect(fieldError('Choose course image')).toBe('File type not allowed: syllabus.pdf');
    expect(heldUploads).toEqual([]);
  });

  it('uploads the images, creates the course, says so and opens its lesson editor', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const created = buildCourse({ lessons: [] });
    const posts: unknown[] = [];
    server.use(
      http.post('/api/courses', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    renderPage();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Add an objective' }));
    await user.type(screen.getByLabelText('Objective 1'), 'Feed layers well');
    await user.click(screen.getByRole('button', { name: 'Add an objective' }));
    await user.type(screen.getByLabelText('Objective 2'), 'Spot sick birds');
    await user.click(screen.getByRole('button', { name: 'Add an objective' }));
    await user.click(screen.getByRole('button', { name: 'Remove objective 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove objective 2' }));
    await user.type(screen.getByLabelText('Instructor title (optional)'), 'Veterinarian');
    await uploadImage(user, 'Choose course image', jpeg('coop.jpg'), courseImage(1));
    expect(screen.getByRole('img', { name: 'Preview: coop.jpg' })).toBeTruthy();
    await uploadImage(user, 'Choose avatar', jpeg('wambui.jpg'), courseImage(2));
    await user.click(screen.getByRole('button', { name: 'Create Course' }));

    expect(await screen.findByText(`Lesson editor of ${created.id}`)).toBeTruthy();
    expect(posts).toEqual([
      {
        title: 'Poultry Farming for Profit',
        description: 'Raise healthy layers.\nSell their eggs.',
        price: 2500,
        image: courseImage(1),
        category: 'Agriculture',
        level: 'Intermediate',
        language: 'English',
        objectives: ['Spot sick birds'],
        instructorName: INSTRUCTOR.name,
        instructorTitle: 'Veterinarian',
        instructorBio: null,
        instructorAvatar: courseImage(2),
      },
    ]);
    expect(success).toHaveBeenCalledWith(COURSE_MESSAGES.courseCreated);
  });

  it("makes a course free at price 0, and shows the server's reason beside its field", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    const posts: Array<{ price: number; instructorAvatar: string | null }> = [];
    server.use(
      http.post('/api/courses', async ({ request }) => {
        posts.push((await request.json()) as (typeof posts)[number]);
        return apiFailure(400, 'FOREIGN_IMAGE', COURSE_MESSAGES.foreignImage);
      }),
    );
    renderPage();

    await fillForm(user);
    await user.clear(screen.getByLabelText('Price (KES)'));
    await user.type(screen.getByLabelText('Price (KES)'), '0');
    await uploadImage(user, 'Choose course image', jpeg('coop.jpg'), courseImage(3));
    await user.click(screen.getByRole('button', { name: 'Create Course' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(COURSE_MESSAGES.courseSaveFailed));
    expect(posts.map(({ price, instructorAvatar }) => ({ price, instructorAvatar }))).toEqual([
      { price: 0, instructorAvatar: null },
    ]);
    await waitFor(() => expect(fieldError('Choose another course image')).toBe(COURSE_MESSAGES.foreignImage));
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Poultry Farming for Profit');
  });
});
