import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import type { InstructorCourse } from '@sokoni/contracts/courses';
import { useAuthStore } from '@/stores/auth';
import { INSTRUCTOR, buildInstructorCourse } from '@/test/course-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { InstructorDashboardPage } from './instructor-dashboard-page';

beforeEach(() => {
  useAuthStore.setState({ user: INSTRUCTOR });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

/** GET /api/instructor/courses answers `answer()`; anything else is not found. */
const serve = (answer: () => Response) => server.use(http.get('/api/instructor/courses', answer));

const figure = (card: ReturnType<typeof within>, term: string) =>
  card.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('instructor dashboard', () => {
  it("lists the instructor's courses with their enrolments, completion rate, revenue and links", async () => {
    const poultry: InstructorCourse = buildInstructorCourse({
      title: 'Poultry Farming for Profit',
      price: 2500,
      enrolledCount: 1240,
      completions: 310,
      completionRate: 25,
      revenue: 3_100_000,
      rating: 4.25,
      ratingCount: 8,
      lessonCount: 6,
      duration: 150,
    });
    const mpesa = buildInstructorCourse({ title: 'M-Pesa for Small Shops', price: 0 });
    serve(() => HttpResponse.json([poultry, mpesa]));
    renderWithProviders(<InstructorDashboardPage />, { url: '/instructor/courses' });

    expect(screen.getByRole('heading', { level: 1, name: 'Instructor Dashboard' })).toBeTruthy();
    expect(screen.getByText(COURSE_MESSAGES.dashboardIntro)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create New Course' }).getAttribute('href')).toBe(
      '/instructor/courses/new',
    );
    const cards = await screen.findAllByTestId('instructor-course');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'Poultry Farming for Profit' })).toBeTruthy();
    expect(first.getByText('KES 2,500 · 6 lessons · 2h 30m · Beginner')).toBeTruthy();
    expect(figure(first, 'Enrolments')).toBe('1,240');
    expect(figure(first, 'Completion rate')).toBe('25%');
    expect(figure(first, 'Revenue')).toBe('KES 3,100,000');
    expect(figure(first, 'Rating')).toBe('4.3 (8)');
    expect(first.getByRole('link', { name: 'Edit Poultry Farming for Profit' }).getAttribute('href')).toBe(
      `/instructor/courses/${poultry.id}/edit`,
    );
    expect(first.getByRole('link', { name: 'View Poultry Farming for Profit' }).getAttribute('href')).toBe(
      `/courses/${poultry.id}`,
    );
    const second = within(cards[1]!);
    expect(second.getByText(/^Free ·/)).toBeTruthy();
    expect(figure(second, 'Enrolments')).toBe('0');
    expect(figure(second, 'Completion rate')).toBe('0%');
    expect(figure(second, 'Revenue')).toBe('KES 0');
    expect(figure(second, 'Rating')).toBe('—');
  });

  it('marks drafts and publishes one that has a lesson; a draft without one says what it needs', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const ready = buildInstructorCourse({ title: 'Beekeeping Basics', publishedAt: null, lessonCount: 2 });
    const empty = buildInstructorCourse({ title: 'Soap Making', publishedAt: null, lessonCount: 0 });
    const live = buildInstructorCourse({ title: 'Dairy Goats' });
    let published = false;
    const publishes: string[] = [];
    serve(() =>
      HttpResponse.json([
        { ...ready, publishedAt: published ? '2026-03-10T06:00:00.000Z' : null },
        empty,
        live,
      ]),
    );
    server.use(
      http.post('/api/courses/:id/publish', ({ params }) => {
        publishes.push(String(params.id));
        published = true;
        return HttpResponse.json({ ...ready, publishedAt: '2026-03-10T06:00:00.000Z' });
      }),
    );
    renderWithProviders(<InstructorDashboardPage />, { url: '/instructor/courses' });

    const [first, second, third] = (await screen.findAllByTestId('instructor-course')).map((card) =>
      within(card),
    );
    expect(first!.getByText(COURSE_MESSAGES.draft)).toBeTruthy();
    expect(second!.getByText(COURSE_MESSAGES.draft)).toBeTruthy();
    expect(second!.getByText('Add a lesson before publishing this course.')).toBeTruthy();
    expect(second!.queryByRole('button', { name: /^Publish/ })).toBeNull();
    expect(third!.queryByText(COURSE_MESSAGES.draft)).toBeNull();
    expect(third!.queryByRole('button', { name: /^Publish/ })).toBeNull();

    await user.click(first!.getByRole('button', { name: 'Publish Beekeeping Basics' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(COURSE_MESSAGES.published));
    expect(publishes).toEqual([ready.id]);
    await waitFor(() => expect(first!.queryByText(COURSE_MESSAGES.draft)).toBeNull());
  });

  it("says 'No Courses Yet' and offers 'Create a Course'", async () => {
    serve(() => HttpResponse.json([]));
    renderWithProviders(<InstructorDashboardPage />, { url: '/instructor/courses' });

    expect(await screen.findByRole('heading', { name: COURSE_MESSAGES.noCourses })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a Course' }).getAttribute('href')).toBe(
      '/instructor/courses/new',
    );
  });

  it('links to the earnings of the courses (#27)', async () => {
    serve(() => HttpResponse.json([]));
    renderWithProviders(<InstructorDashboardPage />, { url: '/instructor/courses' });

    expect((await screen.findByRole('link', { name: 'Your earnings' })).getAttribute('href')).toBe(
      '/earnings',
    );
  });

  it('shows the error state with Try Again when the courses fail to load', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve(() =>
      fail
        ? HttpResponse.json({ message: 'boom' }, { status: 500 })
        : HttpResponse.json([buildInstructorCourse()]),
    );
    renderWithProviders(<InstructorDashboardPage />, { url: '/instructor/courses' });

    expect(screen.getByRole('status').textContent).toBe('Loading your courses...');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load your courses. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('instructor-course')).toBeTruthy();
  });
});
