import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellations';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import type { Classroom, Enrollment } from '@sokoni/contracts/courses';
import { useAuthStore } from '@/stores/auth';
import { COURSE_PROGRESS_STORAGE_KEY, useCourseProgressStore } from '@/stores/course-progress';
import { apiFailure } from '@/test/answers';
import { LEARNER, buildClassroom, buildCourse, buildLesson } from '@/test/course-fakes';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { ClassroomPage } from './classroom-page';

beforeEach(() => {
  sessionStorage.clear();
  useCourseProgressStore.setState({ completed: {} });
  useAuthStore.setState({ user: LEARNER });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

type Completion = (lessonId: string) => Response | Promise<Response>;

/**
 * The server: GET /api/courses/{id}/classroom answers `classroom` (or a Response), POST …/complete
 * answers `complete(lessonId)` (by default the learner's standing with that lesson added), POST
 * …/rating the course's rating after it. Every POST is recorded.
 */
function serve(classroom: Classroom | Response, options: { complete?: Completion } = {}) {
  const posts: Array<{ path: string; body: unknown }> = [];
  let enrollment = classroom instanceof Response ? null : classroom.enrollment;
  const completedWith = (lessonId: string): Enrollment => {
    const done = [...new Set([...(enrollment?.completedLessonIds ?? []), lessonId])];
    const total = classroom instanceof Response ? 1 : classroom.course.lessons.length;
    enrollment = {
      ...enrollment!,
      completedLessonIds: done,
      progress: Math.round((done.length / total) * 100),
    };
    return enrollment;
  };
  /** Records the POST and answers its body. */
  const record = async (request: Request) => {
    const text = await request.text();
    posts.push({
      path: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
  };
  server.use(
    http.get('/api/courses/:id/classroom', ({ params }) => {
      if (classroom instanceof Response) return classroom.clone();
      return params.id === classroom.course.id ? HttpResponse.json({ ...classroom, enrollment }) : undefined;
    }),
    http.post('/api/courses/:id/lessons/:lessonId/complete', async ({ request, params }) => {
      await record(request);
      const lessonId = String(params.lessonId);
      return options.complete ? options.complete(lessonId) : HttpResponse.json(completedWith(lessonId));
    }),
    http.post('/api/courses/:id/rating', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ rating: 4.3, ratingCount: 3, yourRating: 4 });
    }),
  );
  return { posts, completedWith };
}

function renderClassroom(courseId: string, search = '') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/courses/:courseId/classroom" element={<ClassroomPage />} />
      </Routes>
      <CurrentUrl />
    </>,
    { url: `/courses/${courseId}/classroom${search}` },
  );
}

const lessonHeading = () =>
  screen.getByRole('heading', { level: 2, name: (name) => name.startsWith('Lesson') });
const contentNav = () => within(screen.getByRole('navigation', { name: 'Course content' }));
/** The lessons in the course-content list (not its phone toggle). */
const contentList = () => within(contentNav().getByRole('list'));
const storedProgress = () =>
  (
    JSON.parse(sessionStorage.getItem(COURSE_PROGRESS_STORAGE_KEY) ?? '{}') as {
      state?: { completed?: Record<string, string[]> };
    }
  ).state?.completed;
const progressBar = () => screen.getByRole('progressbar', { name: 'Course progress' });

describe('classroom', () => {
  it('opens the first lesson when none is chosen, and keeps the chosen one in the address', async () => {
    const user = userEvent.setup();
    const classroom = buildClassroom();
    const second = classroom.course.lessons[1]!;
    serve(classroom);
    renderClassroom(classroom.course.id);

    expect(await screen.findByRole('heading', { level: 1, name: 'Poultry Farming for Profit' })).toBeTruthy();
    expect(lessonHeading().textContent).toBe('Lesson 1');
    expect(screen.getByText('The body of lesson 1.')).toBeTruthy();
    expect(
      contentList()
        .getByRole('button', { name: /Lesson 1/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(contentList().getAllByText('10 min')).toHaveLength(3);

    await user.click(contentList().getByRole('button', { name: /Lesson 2/ }));

    expect(lessonHeading().textContent).toBe('Lesson 2');
    expect(screen.getByText('The body of lesson 2.')).toBeTruthy();
    expect(currentUrl()).toBe(`/courses/${classroom.course.id}/classroom?lesson=${second.id}`);
    expect(document.activeElement).toBe(lessonHeading());
  });

  it("refunds a learner who asks while eligible, and leaves the classroom for the course's page (#27)", async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const classroom = buildClassroom(buildCourse({ price: 2500 }), { canAskRefund: true });
    const refunds: string[] = [];
    serve(classroom);
    server.use(
      http.post('/api/courses/:id/refund', ({ params }) => {
        refunds.push(String(params.id));
        return HttpResponse.json({ message: CANCEL_MESSAGES.courseRefunded, refund: 2500 });
      }),
    );
    renderClassroom(classroom.course.id);

    await user.click(await screen.findByRole('button', { name: 'Ask for a refund' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, refund me' }));

    await waitFor(() => expect(currentUrl()).toBe(`/courses/${classroom.course.id}`));
    expect(refunds).toEqual([classroom.course.id]);
    expect(success).toHaveBeenCalledWith(CANCEL_MESSAGES.courseRefunded);
  });

  it('reopens the lesson named in the address after a reload', async () => {
    const classroom = buildClassroom();
    serve(classroom);
    renderClassroom(classroom.course.id, `?lesson=${classroom.course.lessons[2]!.id}`);

    expect(await screen.findByText('The body of lesson 3.')).toBeTruthy();
    expect(lessonHeading().textContent).toBe('Lesson 3');
  });

  it("greys a lesson not yet released with 'Unlocks {date}', and it cannot be opened", async () => {
    const locked = buildLesson(2, {
      title: 'Lesson 2: Vaccination',
      contentUrl: null,
      locked: true,
      releaseDate: '2099-12-24',
    });
    const classroom = buildClassroom(buildCourse({ lessons: [buildLesson(1), locked] }));
    serve(classroom);
    // Even when the address names it.
    renderClassroom(classroom.course.id, `?lesson=${locked.id}`);

    expect(await screen.findByText('The body of lesson 1.')).toBeTruthy();
    expect(COURSE_MESSAGES.unlocks('2099-12-24')).toBe('Unlocks 24 Dec 2099');
    const entry = contentList().getByText('Lesson 2: Vaccination').closest('[aria-disabled]');
    expect(entry?.getAttribute('aria-disabled')).toBe('true');
    expect(entry?.className).toContain('text-slate-500');
    expect(within(entry as HTMLElement).getByText('Unlocks 24 Dec 2099')).toBeTruthy();
    expect(contentList().queryByRole('button', { name: /Vaccination/ })).toBeNull();
    expect(
      contentList()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringContaining('Lesson 1')]);
  });

  it('marks a lesson complete at once: Completed, a Done badge, the progress bar and session storage', async () => {
    const user = userEvent.setup();
    const classroom = buildClassroom();
    const [first] = classroom.course.lessons;
    let answer: (response: Response) => void = () => {};
    const { posts, completedWith } = serve(classroom, {
      complete: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderClassroom(classroom.course.id);
    await screen.findByText('The body of lesson 1.');
    expect(progressBar().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('0% complete')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Mark Complete' }));

    // Before the server answers.
    const completed = screen.getByRole('button', { name: 'Completed' });
    expect(completed.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).toBeNull();
    expect(screen.getByRole('article').textContent).toContain('Done');
    expect(contentList().getByRole('button', { name: /Lesson 1/ }).textContent).toContain('Done');
    expect(progressBar().getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText(COURSE_MESSAGES.progressLabel(33))).toBeTruthy();
    expect(storedProgress()).toEqual({ [classroom.course.id]: [first!.id] });
    expect(posts).toEqual([
      { path: `/api/courses/${classroom.course.id}/lessons/${first!.id}/complete`, body: undefined },
    ]);

    await act(async () => answer(HttpResponse.json(completedWith(first!.id))));

    await waitFor(() => expect(storedProgress()).toEqual({ [classroom.course.id]: [first!.id] }));
    expect(screen.getByRole('button', { name: 'Completed' }).hasAttribute('disabled')).toBe(true);
    expect(progressBar().getAttribute('aria-valuenow')).toBe('33');
  });

  it("puts this tab's progress in line with the server's when the classroom opens", async () => {
    const classroom = buildClassroom(buildCourse(), {});
    const [first, second] = classroom.course.lessons;
    classroom.enrollment = { ...classroom.enrollment, completedLessonIds: [second!.id], progress: 33 };
    useCourseProgressStore.setState({ completed: { [classroom.course.id]: [first!.id, first!.id] } });
    serve(classroom);
    renderClassroom(classroom.course.id);

    await screen.findByText('The body of lesson 1.');
    await waitFor(() => expect(storedProgress()).toEqual({ [classroom.course.id]: [second!.id] }));
    expect(screen.getByRole('button', { name: 'Mark Complete' })).toBeTruthy();
    expect(contentList().getByRole('button', { name: /Lesson 2/ }).textContent).toContain('Done');
  });

  it("shows the lesson as not done again when the server refuses, with the server's reason", async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(toast, 'error');
    const classroom = buildClassroom();
    serve(classroom, {
      complete: () =>
        HttpResponse.json(
          { statusCode: 409, code: 'LESSON_LOCKED', message: COURSE_MESSAGES.lessonLocked('2099-12-24') },
          { status: 409 },
        ),
    });
    renderClassroom(classroom.course.id);
    await screen.findByText('The body of lesson 1.');

    await user.click(screen.getByRole('button', { name: 'Mark Complete' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(COURSE_MESSAGES.lessonLocked('2099-12-24')));
    expect(screen.getByRole('button', { name: 'Mark Complete' }).hasAttribute('disabled')).toBe(false);
    expect(progressBar().getAttribute('aria-valuenow')).toBe('0');
    expect(storedProgress()).toEqual({ [classroom.course.id]: [] });
  });

  it('shows the congratulations card with the certificate link once every lesson is done', async () => {
    const user = userEvent.setup();
    const course = buildCourse({ lessons: [buildLesson(1), buildLesson(2)] });
    const classroom = buildClassroom(course, { completedLessonIds: [course.lessons[0]!.id], progress: 50 });
    serve(classroom);
    renderClassroom(course.id, `?lesson=${course.lessons[1]!.id}`);
    await screen.findByText('The body of lesson 2.');
    expect(screen.queryByText(COURSE_MESSAGES.certificateIssued)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark Complete' }));

    expect(screen.getByRole('heading', { name: COURSE_MESSAGES.certificateIssued })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Certificate' }).getAttribute('href')).toBe(
      `/courses/${course.id}/certificate`,
    );
    expect(progressBar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('100% complete')).toBeTruthy();
  });

  it('plays a video lesson with its controls, fetching only its metadata first', async () => {
    const signed = `/api/course-media/${'b'.repeat(32)}.mp4?expires=1900000000&signature=${'s'.repeat(43)}`;
    const course = buildCourse({
      lessons: [buildLesson(1, { title: 'Lesson 1: Housing', contentType: 'video', contentUrl: signed })],
    });
    serve(buildClassroom(course));
    const { container } = renderClassroom(course.id);

    await screen.findByRole('heading', { level: 2, name: 'Lesson 1: Housing' });
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe(signed);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.hasAttribute('playsinline')).toBe(true);
  });

  it("frames our own PDF 500 px tall beside an 'Open PDF' link, and opens another site's in a new tab", async () => {
    const user = userEvent.setup();
    const own = `/api/course-media/${'c'.repeat(32)}.pdf?expires=1900000000&signature=${'s'.repeat(43)}`;
    const course = buildCourse({
      lessons: [
        buildLesson(1, { title: 'Lesson 1: Feed chart', contentType: 'pdf', contentUrl: own }),
        buildLesson(2, {
          title: 'Lesson 2: Ministry guide',
          contentType: 'pdf',
          contentUrl: 'https://kilimo.go.ke/poultry-guide.pdf',
        }),
      ],
    });
    serve(buildClassroom(course));
    renderClassroom(course.id);

    const frame = await screen.findByTitle('PDF: Lesson 1: Feed chart');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(own);
    expect(frame.getAttribute('height')).toBe('500');
    const open = screen.getByRole('link', { name: /Open PDF/ });
    expect([open.getAttribute('href'), open.getAttribute('target')]).toEqual([own, '_blank']);

    await user.click(contentList().getByRole('button', { name: /Ministry guide/ }));

    expect(document.querySelector('iframe')).toBeNull();
    const external = screen.getByRole('link', { name: /Open PDF/ });
    expect(external.getAttribute('href')).toBe('https://kilimo.go.ke/poultry-guide.pdf');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows a text lesson as paragraphs with its line breaks kept, never as HTML', async () => {
    const body = 'Clean the coop daily.\nChange the water twice.\n\n<b>Never</b> crowd the birds.';
    const course = buildCourse({ lessons: [buildLesson(1, { contentUrl: body })] });
    serve(buildClassroom(course));
    const { container } = renderClassroom(course.id);

    const first = await screen.findByText(/Clean the coop daily/);
    expect(first.tagName).toBe('P');
    expect(first.textContent).toBe('Clean the coop daily.\nChange the water twice.');
    expect(first.className).toContain('whitespace-pre-wrap');
    expect(screen.getByText('<b>Never</b> crowd the birds.').tagName).toBe('P');
    expect(container.querySelector('b')).toBeNull();
  });

  it('opens the course list on a phone from a button naming the current lesson, and closes it on a choice', async () => {
    const user = userEvent.setup();
    const classroom = buildClassroom();
    serve(classroom);
    renderClassroom(classroom.course.id);
    await screen.findByText('The body of lesson 1.');

    const toggle = contentNav().getByRole('button', { expanded: false });
    expect(toggle.textContent).toContain('Course content');
    expect(toggle.textContent).toContain('Lesson 1');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list.className).toContain('max-lg:hidden');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.className).not.toContain('max-lg:hidden');

    await user.click(within(list).getByRole('button', { name: /Lesson 3/ }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toContain('Lesson 3');
    expect(list.className).toContain('max-lg:hidden');
  });

  it('lets an enrolled learner rate the course with 1 to 5 stars', async () => {
    const user = userEvent.setup();
    const classroom = buildClassroom();
    const { posts } = serve(classroom);
    renderClassroom(classroom.course.id);
    await screen.findByRole('heading', { name: 'Rate this course' });

    await user.click(screen.getByRole('radio', { name: '4 stars' }));

    expect(await screen.findByText('Thanks: your rating is saved.')).toBeTruthy();
    expect(posts).toEqual([{ path: `/api/courses/${classroom.course.id}/rating`, body: { rating: 4 } }]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '4 stars' }).checked).toBe(true);
  });

  it('shows the instructor every lesson, released or not, with nothing to mark complete', async () => {
    const user = userEvent.setup();
    const locked = buildLesson(2, {
      title: 'Lesson 2: Vaccination',
      contentUrl: 'Vaccinate at day 7.',
      locked: true,
      releaseDate: '2099-12-24',
    });
    const course = buildCourse({ lessons: [buildLesson(1), locked] });
    serve(buildClassroom(course, { enrolled: false, instructor: true, enrolledAt: null }));
    renderClassroom(course.id);
    await screen.findByText('The body of lesson 1.');

    await user.click(contentList().getByRole('button', { name: /Vaccination/ }));

    expect(screen.getByText('Vaccinate at day 7.')).toBeTruthy();
    expect(contentList().getByRole('button', { name: /Vaccination/ }).textContent).toContain(
      'Unlocks 24 Dec 2099',
    );
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Rate this course' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit course' }).getAttribute('href')).toBe(
      `/instructor/courses/${course.id}/edit`,
    );
  });

  it('asks someone not enrolled to enrol from the course page', async () => {
    serve(
      HttpResponse.json(
        { statusCode: 403, code: 'NOT_ENROLLED', message: COURSE_MESSAGES.notEnrolled },
        { status: 403 },
      ),
    );
    renderClassroom('00000000-0000-4000-8000-000000000123');

    expect(await screen.findByRole('heading', { level: 1, name: COURSE_MESSAGES.notEnrolled })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the course page' }).getAttribute('href')).toBe(
      '/courses/00000000-0000-4000-8000-000000000123',
    );
  });

  it("says 'Course not found.' for an unknown course", async () => {
    serve(
      HttpResponse.json(
        { statusCode: 404, code: 'COURSE_NOT_FOUND', message: COURSE_MESSAGES.classroomNotFound },
        { status: 404 },
      ),
    );
    renderClassroom('00000000-0000-4000-8000-000000000404');

    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe('/courses');
  });

  it('says it is loading, then offers Try Again when the classroom fails to load', async () => {
    const user = userEvent.setup();
    const classroom = buildClassroom();
    let fail = true;
    server.use(
      http.get(`/api/courses/${classroom.course.id}/classroom`, () =>
        fail
          ? apiFailure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.')
          : HttpResponse.json(classroom),
      ),
    );
    renderClassroom(classroom.course.id);

    expect(screen.getByRole('status').textContent).toBe('Loading the classroom...');
    // Retried once before it says so.
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'Failed to load this course. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('The body of lesson 1.')).toBeTruthy();
  });
});
