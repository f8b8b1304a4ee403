import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { useAuthStore } from '@/stores/auth';
import { LEARNER, buildCertificate, buildCourse, buildMyCourse } from '@/test/course-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { MyCoursesPage } from './my-courses-page';

beforeEach(() => {
  useAuthStore.setState({ user: LEARNER });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

const cards = () => screen.queryAllByTestId('my-course-card');

describe('My Courses', () => {
  it("lists each course with its image, title, instructor, progress and 'Go to Classroom'; a finished one links to its certificate", async () => {
    const started = buildCourse({
      title: 'Bookkeeping for Dukas',
      instructor: { name: 'Achieng Otieno', title: null, avatar: null, bio: null },
    });
    const finished = buildCourse({ title: 'Phone Photography' });
    server.use(
      http.get('/api/me/courses', () =>
        HttpResponse.json([
          buildMyCourse(started, { progress: 40 }),
          buildMyCourse(finished, {
            progress: 100,
            completedAt: '2026-03-01T09:00:00.000Z',
            certificate: buildCertificate(finished),
          }),
        ]),
      ),
    );
    renderWithProviders(<MyCoursesPage />, { url: '/my-courses' });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My Courses');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards().map((card) => within(card));
    expect(first!.getByRole('heading', { level: 2 }).textContent).toBe('Bookkeeping for Dukas');
    expect(first!.getByRole('link', { name: 'Bookkeeping for Dukas' }).getAttribute('href')).toBe(
      `/courses/${started.id}`,
    );
    expect(cards()[0]!.querySelector('img')?.getAttribute('src')).toBe(started.image);
    expect(first!.getByText('Achieng Otieno')).toBeTruthy();
    expect(first!.getByTestId('course-progress').textContent).toBe(COURSE_MESSAGES.progressLabel(40));
    const bar = first!.getByRole('progressbar', { name: 'Your progress in Bookkeeping for Dukas' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuetext')]).toEqual([
      '40',
      '40% complete',
    ]);
    expect(first!.getByRole('link', { name: /^Go to Classroom/ }).getAttribute('href')).toBe(
      `/courses/${started.id}/classroom`,
    );
    expect(first!.queryByRole('link', { name: /^View Certificate/ })).toBeNull();
    expect(second!.getByTestId('course-progress').textContent).toBe('100% complete');
    expect(second!.getByRole('link', { name: /^View Certificate/ }).getAttribute('href')).toBe(
      `/courses/${finished.id}/certificate`,
    );
    expect(document.title).toBe('My Courses — Sokoni');
  });

  it("says 'You are not enrolled in any courses yet.' with a way to the catalogue", async () => {
    server.use(http.get('/api/me/courses', () => HttpResponse.json([])));
    renderWithProviders(<MyCoursesPage />, { url: '/my-courses' });

    expect(await screen.findByText('You are not enrolled in any courses yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Courses' }).getAttribute('href')).toBe('/courses');
  });

  it('shows a failed load with Try Again, which asks again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      http.get('/api/me/courses', () => {
        calls += 1;
        return calls === 1
          ? new HttpResponse('', { status: 502 })
          : HttpResponse.json([buildMyCourse(buildCourse())]);
      }),
    );
    renderWithProviders(<MyCoursesPage />, { url: '/my-courses' });

    expect((await screen.findByRole('alert')).textContent).toBe(COURSE_MESSAGES.loadFailed);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('shows grey cards while the courses load', () => {
    server.use(http.get('/api/me/courses', () => delay('infinite')));
    renderWithProviders(<MyCoursesPage />, { url: '/my-courses' });
    expect(screen.getByRole('status').textContent).toBe('Loading your courses...');
  });
});
