import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import type { Classroom, Course, Lesson } from '@sokoni/contracts/courses';
import { COURSE_PDF_MAX_BYTES, COURSE_VIDEO_MAX_BYTES } from '@sokoni/contracts/uploads';
import { useAuthStore } from '@/stores/auth';
import { apiFailure, noContent } from '@/test/answers';
import { INSTRUCTOR, LEARNER, buildClassroom, buildCourse, buildLesson } from '@/test/course-fakes';
import { fieldError } from '@/test/field-error';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { heldUploads, setUpUploadFormTests, uploadsSent } from '@/test/upload-form';
import { EditCoursePage } from './edit-course-page';

setUpUploadFormTests(INSTRUCTOR);

type Call = { method: string; path: string; body: unknown };

const ownVideo = `/api/course-media/${'d'.repeat(32)}.mp4`;
const signed = (path: string) => `${path}?expires=1900000000&signature=${'s'.repeat(43)}`;

/**
 * The server, holding the course: GET …/classroom answers it to its instructor; POST, PUT and
 * DELETE of its lessons change it as the API does (positions kept 1…n); PUT /courses/{id} answers
 * the course. Every change is recorded.
 */
function serve(
  initial: Course,
  enrollment: Partial<Classroom['enrollment']> = { enrolled: false, instructor: true },
) {
  let course = initial;
  const calls: Call[] = [];
  const renumber = (lessons: Lesson[]) =>
    lessons.map((lesson, index) => ({ ...lesson, position: index + 1 }));
  const base = `/api/courses/${course.id}`;
  /** Records the change and answers its body. */
  const record = async (request: Request) => {
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  const lessonOf = (id: unknown) => course.lessons.find((candidate) => candidate.id === id);
  server.use(
    http.get(`${base}/classroom`, () => HttpResponse.json(buildClassroom(course, enrollment))),
    http.put(base, async ({ request }) => {
      await record(request);
      return HttpResponse.json(course);
    }),
    http.post(`${base}/lessons`, async ({ request }) => {
      const lesson = buildLesson(course.lessons.length + 1, (await record(request)) as Partial<Lesson>);
      course = { ...course, lessons: [...course.lessons, lesson] };
      return HttpResponse.json(lesson, { status: 201 });
    }),
    http.delete(`${base}/lessons/:lessonId`, async ({ request, params }) => {
      await record(request);
      const lesson = lessonOf(params.lessonId);
      course = { ...course, lessons: renumber(course.lessons.filter((candidate) => candidate !== lesson)) };
      return noContent();
    }),
    http.put(`${base}/lessons/:lessonId`, async ({ request, params }) => {
      const { position, ...changes } = (await record(request)) as Partial<Lesson>;
      const lesson = lessonOf(params.lessonId)!;
      const others = course.lessons.filter((candidate) => candidate !== lesson);
      const at = (position ?? lesson.position) - 1;
      course = {
        ...course,
        lessons: renumber([...others.slice(0, at), { ...lesson, ...changes }, ...others.slice(at)]),
      };
      return HttpResponse.json(course.lessons[at]);
    }),
  );
  return calls;
}

function renderPage(courseId: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/instructor/courses/:courseId/edit" element={<EditCoursePage />} />
    </Routes>,
    { url: `/instructor/courses/${courseId}/edit` },
  );
}

const lessonTitles = () =>
  within(screen.getByRole('list', { name: 'Lessons in order' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

const newLessonElement = () => screen.getByRole('form', { name: 'New lesson' });
const newLessonForm = () => within(newLessonElement());

function courseWithLessons() {
  return buildCourse({
    lessons: [
      buildLesson(1, { title: 'Housing', contentType: 'video', contentUrl: signed(ownVideo), duration: 12 }),
      buildLesson(2, { title: 'Feeding', duration: 20, releaseDate: '2099-12-24', locked: true }),
      buildLesson(3, { title: 'Selling eggs', duration: 8 }),
    ],
  });
}

describe('edit course and its lessons', () => {
  it('starts from the course as it stands and saves a change with PUT', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const course = buildCourse({ price: 1500, objectives: ['Feed layers well'] });
    const calls = serve(course);
    renderPage(course.id);

    expect(await screen.findByDisplayValue('Poultry Farming for Profit')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Price (KES)').value).toBe('1500');
    expect(screen.getByLabelText<HTMLInputElement>('Objective 1').value).toBe('Feed layers well');
    expect(screen.getByRole('link', { name: '← Back to dashboard' }).getAttribute('href')).toBe(
      '/instructor/courses',
    );

    await user.clear(screen.getByLabelText('Price (KES)'));
    await user.type(screen.getByLabelText('Price (KES)'), '1800');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(COURSE_MESSAGES.courseUpdated));
    expect(calls).toEqual([
      {
        method: 'PUT',
        path: `/api/courses/${course.id}`,
        body: expect.objectContaining({ price: 1800, image: course.image, objectives: ['Feed layers well'] }),
      },
    ]);
  });

  it("says 'Course not found.' for a course the server does not know (COURSE_NOT_FOUND)", async () => {
    server.use(
      http.get('/api/courses/gone/classroom', () =>
        apiFailure(404, 'COURSE_NOT_FOUND', COURSE_MESSAGES.classroomNotFound),
      ),
    );
    renderPage('gone');

    expect((await screen.findByRole('alert')).textContent).toBe(COURSE_MESSAGES.classroomNotFound);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('says only the instructor can change the course when the server refuses a save (NOT_INSTRUCTOR)', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    const course = buildCourse();
    serve(course);
    server.use(
      http.put(`/api/courses/${course.id}`, () =>
        apiFailure(403, 'NOT_INSTRUCTOR', COURSE_MESSAGES.notInstructor),
      ),
    );
    renderPage(course.id);

    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(COURSE_MESSAGES.courseSaveFailed));
    expect(screen.getByRole('alert').textContent).toBe(COURSE_MESSAGES.notInstructor);
  });

  it('tells anyone but the instructor that only the instructor can change the course', async () => {
    const course = buildCourse();
    useAuthStore.setState({ user: LEARNER });
    serve(course, { enrolled: true, instructor: false });
    renderPage(course.id);

    expect((await screen.findByRole('alert')).textContent).toBe(COURSE_MESSAGES.notInstructor);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    cleanup();

    server.use(
      http.get(`/api/courses/${course.id}/classroom`, () =>
        apiFailure(403, 'NOT_ENROLLED', COURSE_MESSAGES.notEnrolled),
      ),
    );
    renderPage(course.id);
    expect((await screen.findByRole('alert')).textContent).toBe(COURSE_MESSAGES.notInstructor);
  });

  it('lists the lessons in order with their type, minutes and release', async () => {
    const course = courseWithLessons();
    serve(course);
    renderPage(course.id);

    await screen.findByRole('list', { name: 'Lessons in order' });
    expect(lessonTitles()).toEqual(['Housing', 'Feeding', 'Selling eggs']);
    expect(screen.getByText('Video · 12 min · Released at once')).toBeTruthy();
    expect(screen.getByText('Text · 20 min · Unlocks 24 Dec 2099')).toBeTruthy();
    expect(screen.getByText('3 lessons · 40 min. Learners take them in this order.')).toBeTruthy();
  });

  it("adds a text lesson, after the contract's messages for an empty one", async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const course = buildCourse({ lessons: [] });
    const calls = serve(course);
    renderPage(course.id);

    await user.click(await screen.findByRole('button', { name: 'Add a lesson' }));
    await user.click(newLessonForm().getByRole('radio', { name: 'Text' }));
    await user.click(newLessonForm().getByRole('button', { name: 'Add lesson' }));

    await waitFor(() =>
      expect(fieldError('Lesson title', newLessonElement())).toBe(COURSE_MESSAGES.lessonTitleRequired),
    );
    expect(fieldError('Lesson text', newLessonElement())).toBe(COURSE_MESSAGES.textRequired);
    expect(fieldError('Duration (minutes)', newLessonElement())).toBe(COURSE_MESSAGES.duration);
    expect(calls).toEqual([]);

    await user.type(newLessonForm().getByLabelText('Lesson title'), 'Choosing your breed');
    await user.type(newLessonForm().getByLabelText('Lesson text'), 'Kienyeji or layers?\n\nIt depends.');
    // Trying another type and coming back keeps what was typed.
    await user.click(newLessonForm().getByRole('radio', { name: 'Video' }));
    expect(newLessonForm().getByLabelText<HTMLInputElement>('Video address').value).toBe('');
    await user.click(newLessonForm().getByRole('radio', { name: 'Text' }));
    expect(newLessonForm().getByLabelText<HTMLTextAreaElement>('Lesson text').value).toBe(
      'Kienyeji or layers?\n\nIt depends.',
    );
    await user.type(newLessonForm().getByLabelText('Duration (minutes)'), '15');
    await user.type(newLessonForm().getByLabelText('Release date (optional)'), '2026-09-01');
    await user.click(newLessonForm().getByRole('button', { name: 'Add lesson' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(COURSE_MESSAGES.lessonSaved));
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/courses/${course.id}/lessons`,
        body: {
          title: 'Choosing your breed',
          contentType: 'text',
          contentUrl: 'Kienyeji or layers?\n\nIt depends.',
          duration: 15,
          releaseDate: '2026-09-01',
        },
      },
    ]);
    await waitFor(() => expect(lessonTitles()).toEqual(['Choosing your breed']));
    expect(screen.queryByRole('form', { name: 'New lesson' })).toBeNull();
  });

  it('refuses a lesson file of the wrong type or size before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const course = buildCourse({ lessons: [] });
    serve(course);
    renderPage(course.id);
    await user.click(await screen.findByRole('button', { name: 'Add a lesson' }));

    await user.upload(
      newLessonForm().getByLabelText('Upload a video'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
    );
    expect(fieldError('Upload a video', newLessonElement())).toBe('File type not allowed: notes.pdf');

    const film = new File(['mp4'], 'film.mp4', { type: 'video/mp4' });
    Object.defineProperty(film, 'size', { value: COURSE_VIDEO_MAX_BYTES + 1 });
    await user.upload(newLessonForm().getByLabelText('Upload a video'), film);
    expect(fieldError('Upload a video', newLessonElement())).toBe('File too large: film.mp4');

    await user.click(newLessonForm().getByRole('radio', { name: 'PDF' }));
    const guide = new File(['%PDF'], 'guide.pdf', { type: 'application/pdf' });
    Object.defineProperty(guide, 'size', { value: COURSE_PDF_MAX_BYTES + 1 });
    await user.upload(newLessonForm().getByLabelText('Upload a PDF'), guide);
    expect(fieldError('Upload a PDF', newLessonElement())).toBe('File too large: guide.pdf');

    expect(heldUploads).toEqual([]);
  });

  it('uploads a video, showing it in progress, and adds the lesson with its address', async () => {
    const user = userEvent.setup();
    const course = buildCourse({ lessons: [] });
    const calls = serve(course);
    renderPage(course.id);
    await user.click(await screen.findByRole('button', { name: 'Add a lesson' }));

    await user.type(newLessonForm().getByLabelText('Lesson title'), 'Housing');
    await user.upload(
      newLessonForm().getByLabelText('Upload a video'),
      new File(['mp4'], 'housing.mp4', { type: 'video/mp4' }),
    );
    const [upload] = await uploadsSent(1);
    expect(upload!.path).toBe('/api/uploads/course-video');
    expect(newLessonForm().getByRole('progressbar', { name: 'Uploading housing.mp4' })).toBeTruthy();
    expect(newLessonForm().getByRole('button', { name: 'Uploading file...' }).hasAttribute('disabled')).toBe(
      true,
    );
    act(() => upload!.answer(201, { publicUrl: ownVideo }));

    expect(await newLessonForm().findByText('Uploaded housing.mp4.')).toBeTruthy();
    expect(newLessonForm().getByLabelText<HTMLInputElement>('Video address').value).toBe(ownVideo);
    await user.type(newLessonForm().getByLabelText('Duration (minutes)'), '12');
    await user.click(newLessonForm().getByRole('button', { name: 'Add lesson' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      title: 'Housing',
      contentType: 'video',
      contentUrl: ownVideo,
      duration: 12,
      releaseDate: null,
    });
  });

  it("takes another site's https:// address, and refuses one that is not https", async () => {
    const user = userEvent.setup();
    const course = buildCourse({ lessons: [] });
    const calls = serve(course);
    renderPage(course.id);
    await user.click(await screen.findByRole('button', { name: 'Add a lesson' }));
    await user.click(newLessonForm().getByRole('radio', { name: 'PDF' }));
    await user.type(newLessonForm().getByLabelText('Lesson title'), 'Ministry guide');
    await user.type(newLessonForm().getByLabelText('PDF address'), 'http://kilimo.go.ke/guide.pdf');
    await user.type(newLessonForm().getByLabelText('Duration (minutes)'), '30');
    await user.click(newLessonForm().getByRole('button', { name: 'Add lesson' }));

    await waitFor(() => expect(fieldError('PDF address', newLessonElement())).toBe(COURSE_MESSAGES.mediaUrl));
    expect(calls).toEqual([]);

    await user.clear(newLessonForm().getByLabelText('PDF address'));
    await user.type(newLessonForm().getByLabelText('PDF address'), 'https://kilimo.go.ke/guide.pdf');
    await user.click(newLessonForm().getByRole('button', { name: 'Add lesson' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      contentType: 'pdf',
      contentUrl: 'https://kilimo.go.ke/guide.pdf',
    });
  });

  it('changes a lesson, sending only what changed (never the signed address it was shown)', async () => {
    const user = userEvent.setup();
    const course = courseWithLessons();
    const calls = serve(course);
    renderPage(course.id);

    await user.click(await screen.findByRole('button', { name: 'Edit Housing' }));
    const form = within(screen.getByRole('form', { name: 'Edit lesson 1' }));
    expect(form.getByLabelText<HTMLInputElement>('Video address').value).toBe(ownVideo);
    await user.clear(form.getByLabelText('Duration (minutes)'));
    await user.type(form.getByLabelText('Duration (minutes)'), '14');
    await user.click(form.getByRole('button', { name: 'Save lesson' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: `/api/courses/${course.id}/lessons/${course.lessons[0]!.id}`,
      body: { duration: 14 },
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit lesson 1' })).toBeNull());
  });

  it('deletes a lesson only after it is confirmed in a dialog', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const course = courseWithLessons();
    const calls = serve(course);
    renderPage(course.id);

    await user.click(await screen.findByRole('button', { name: 'Delete Feeding' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this lesson?' }));
    expect(dialog.getByText(/“Feeding” will be removed from the course/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Feeding' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete lesson' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(COURSE_MESSAGES.lessonDeleted));
    expect(calls).toEqual([
      {
        method: 'DELETE',
        path: `/api/courses/${course.id}/lessons/${course.lessons[1]!.id}`,
        body: undefined,
      },
    ]);
    await waitFor(() => expect(lessonTitles()).toEqual(['Housing', 'Selling eggs']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('moves a lesson up and down by its position', async () => {
    const user = userEvent.setup();
    const course = courseWithLessons();
    const calls = serve(course);
    renderPage(course.id);
    await screen.findByRole('list', { name: 'Lessons in order' });
    expect(screen.getByRole('button', { name: 'Move Housing up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Selling eggs down' }).hasAttribute('disabled')).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Move Selling eggs up' }));
    await waitFor(() => expect(lessonTitles()).toEqual(['Housing', 'Selling eggs', 'Feeding']));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Selling eggs up' })),
    );
    await user.click(screen.getByRole('button', { name: 'Move Housing down' }));
    await waitFor(() => expect(lessonTitles()).toEqual(['Selling eggs', 'Housing', 'Feeding']));

    expect(calls.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'PUT', body: { position: 2 } },
      { method: 'PUT', body: { position: 2 } },
    ]);
  });
});
