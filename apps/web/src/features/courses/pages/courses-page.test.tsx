import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COURSE_MESSAGES,
  COURSE_PAGE_SIZE,
  FEATURED_COURSES_CARD,
  UNCATEGORIZED,
  courseListQuery,
} from '@sokoni/contracts/courses-rules';
import type { CourseSummary } from '@sokoni/contracts/courses';
import { useAuthStore } from '@/stores/auth';
import { pageAnswer } from '@/test/answers';
import { INSTRUCTOR, LEARNER, buildCourse, summaryOf } from '@/test/course-fakes';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { CoursesPage } from './courses-page';

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

const CATEGORIES = ['Business', 'Technology', UNCATEGORIZED];

/**
 * GET /api/courses over `courses` as the server filters them (title or instructor, category with
 * Uncategorized for none, one instructor's), paged; GET /api/courses/categories answers CATEGORIES.
 */
function serveCatalogue(courses: CourseSummary[]) {
  const requests = recordRequests();
  server.use(
    http.get('/api/courses/categories', () => HttpResponse.json(CATEGORIES)),
    http.get('/api/courses', ({ request }) => {
      const url = new URL(request.url);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const category = url.searchParams.get('category');
      const instructor = url.searchParams.get('instructor');
      const matches = courses.filter(
        (course) =>
          `${course.title}\n${course.instructor.name}`.toLowerCase().includes(q) &&
          (!category || (course.category ?? UNCATEGORIZED) === category) &&
          (!instructor || course.instructorId === instructor),
      );
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? COURSE_PAGE_SIZE);
      return pageAnswer(matches.slice(offset, offset + limit), matches.length);
    }),
  );
  return { requests };
}

function renderCatalogue(url = '/courses') {
  return renderWithProviders(
    <>
      <CoursesPage />
      <CurrentUrl />
    </>,
    { url },
  );
}

const cards = () => screen.queryAllByTestId('course-card');
/** The GET /api/courses of the list (not the instructor's count), as sent. */
const listQueries = (requests: ReturnType<typeof serveCatalogue>['requests']) =>
  requests
    .filter((request) => request.path === '/api/courses' && !request.url.searchParams.has('instructor'))
    .map((request) => request.url.search);
const firstPage = (filters: { q?: string; category?: string }) =>
  `?${new URLSearchParams(courseListQuery(filters, { limit: COURSE_PAGE_SIZE, offset: 0 }))}`;

describe('course catalogue', () => {
  it("shows the hero with the fixed '10K+ Learners' and 4.8 texts, and My Courses alone to a visitor", async () => {
    const { requests } = serveCatalogue([]);
    renderCatalogue();

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Learn New Skills');
    const figures = within(screen.getByTestId('course-hero-figures'));
    expect(figures.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '10K+ Learners',
      '★ 4.8 average rating',
    ]);
    const links = within(screen.getByRole('navigation', { name: 'Your courses' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My Courses', '/my-courses'],
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search courses' }).getAttribute('placeholder')).toBe(
      'Search courses...',
    );
    expect(document.title).toBe('Courses — Sokoni');
    await screen.findByText(COURSE_MESSAGES.noCourses);
    expect(requests.some((request) => request.url.searchParams.has('instructor'))).toBe(false);
  });

  it('offers a signed-in learner My Courses and Create Course, having asked whether they teach', async () => {
    useAuthStore.setState({ user: LEARNER });
    const { requests } = serveCatalogue([summaryOf(buildCourse())]);
    renderCatalogue();

    await waitFor(() => expect(cards()).toHaveLength(1));
    const links = within(screen.getByRole('navigation', { name: 'Your courses' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My Courses', '/my-courses'],
      ['Create Course', '/instructor/courses/new'],
    ]);
    expect(
      requests.filter((request) => request.url.searchParams.has('instructor')).map((r) => r.url.search),
    ).toEqual([`?instructor=${LEARNER.id}&limit=1&offset=0`]);
  });

  it('offers someone who teaches a course their Dashboard and Create Course', async () => {
    useAuthStore.setState({ user: INSTRUCTOR });
    serveCatalogue([summaryOf(buildCourse())]);
    renderCatalogue();

    const nav = within(screen.getByRole('navigation', { name: 'Your courses' }));
    await waitFor(() => expect(nav.getByRole('link', { name: 'Dashboard' })).toBeTruthy());
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/instructor/courses'],
      ['Create Course', '/instructor/courses/new'],
    ]);
  });

  it('shows each course: image, title linking to it, instructor, category, level, duration, lessons, rating, enrolled and price', async () => {
    const paid = summaryOf(
      buildCourse({
        title: 'Bookkeeping for Dukas',
        instructor: { name: 'Achieng Otieno', title: null, avatar: null, bio: null },
        category: 'Business',
        level: 'Intermediate',
        duration: 150,
        lessonCount: 12,
        rating: 4,
        ratingCount: 3,
        enrolledCount: 1250,
        price: 2500,
      }),
    );
    const free = summaryOf(
      buildCourse({ title: 'Phone Photography', category: null, duration: 45, lessonCount: 1, price: 0 }),
    );
    serveCatalogue([paid, free]);
    renderCatalogue();

    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards().map((card) => within(card));
    expect(first!.getByRole('link', { name: 'Bookkeeping for Dukas' }).getAttribute('href')).toBe(
      `/courses/${paid.id}`,
    );
    expect(cards()[0]!.querySelector('img')?.getAttribute('src')).toBe(paid.image);
    expect(first!.getByText('Achieng Otieno')).toBeTruthy();
    expect(first!.getByText('Business')).toBeTruthy();
    expect(first!.getByTestId('course-facts').textContent).toBe('Intermediate · 2h 30m · 12 lessons');
    expect(first!.getByTestId('course-rating').textContent).toBe('4.0 (3)');
    expect(first!.getByText('1,250 enrolled')).toBeTruthy();
    expect(first!.getByTestId('course-price').textContent).toBe('KES 2,500');
    expect(second!.getByText(UNCATEGORIZED)).toBeTruthy();
    expect(second!.getByTestId('course-facts').textContent).toBe('Beginner · 45 min · 1 lesson');
    expect(second!.getByTestId('course-rating').textContent).toBe('New');
    expect(second!.getByTestId('course-price').textContent).toBe('Free');
    expect(screen.getByTestId('result-count').textContent).toBe('2 courses');
  });

  it("puts the 'Featured Courses' card first, its 'Explore Now' opening the other site in a new tab", async () => {
    serveCatalogue([summaryOf(buildCourse())]);
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(1));

    const items = within(
      screen.getByRole('heading', { level: 2, name: 'Courses' }).nextElementSibling as HTMLElement,
    ).getAllByRole('listitem');
    const featured = within(items[0]!);
    expect(featured.getByText('Featured Courses')).toBeTruthy();
    const explore = featured.getByRole('link', { name: /^Explore Now/ });
    expect(explore.getAttribute('href')).toBe(FEATURED_COURSES_CARD.href);
    expect(explore.getAttribute('target')).toBe('_blank');
    expect(explore.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(items[1]!).getByTestId('course-card')).toBeTruthy();
  });

  it('asks first for exactly the address the server answers in the page it serves', async () => {
    const { requests } = serveCatalogue([]);
    renderCatalogue();
    await screen.findByText(COURSE_MESSAGES.noCourses);

    expect(listQueries(requests)).toEqual([firstPage({})]);
  });

  it('searches on Enter, keeping the search in the address and sending it', async () => {
    const user = userEvent.setup();
    const { requests } = serveCatalogue([
      summaryOf(buildCourse({ title: 'Excel for Chamas' })),
      summaryOf(buildCourse({ title: 'Poultry Farming' })),
    ]);
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), '  excel {Enter}');

    await waitFor(() => expect(currentUrl()).toBe('/courses?q=excel'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(listQueries(requests).at(-1)).toBe(firstPage({ q: 'excel' }));
  });

  it("offers All and every category, 'Uncategorized' among them, and filters by the one chosen", async () => {
    const user = userEvent.setup();
    const { requests } = serveCatalogue([
      summaryOf(buildCourse({ title: 'Bookkeeping', category: 'Business' })),
      summaryOf(buildCourse({ title: 'Odds and ends', category: null })),
    ]);
    renderCatalogue();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const select = screen.getByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => expect(select.options).toHaveLength(4));

    expect([...select.options].map((option) => option.textContent)).toEqual(['All', ...CATEGORIES]);
    expect(select.value).toBe('');
    await user.selectOptions(select, UNCATEGORIZED);

    await waitFor(() => expect(currentUrl()).toBe('/courses?category=Uncategorized'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByRole('link').textContent).toBe('Odds and ends');
    expect(listQueries(requests).at(-1)).toBe(firstPage({ category: UNCATEGORIZED }));

    await user.selectOptions(select, 'All');
    await waitFor(() => expect(currentUrl()).toBe('/courses'));
  });

  it('opens a shared search with its text and category chosen, and sends them', async () => {
    const { requests } = serveCatalogue([
      summaryOf(buildCourse({ title: 'Excel basics', category: 'Business' })),
    ]);
    renderCatalogue('/courses?q=excel&category=Business');

    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search courses' }).value).toBe('excel');
    expect(screen.getByLabelText<HTMLSelectElement>('Category').value).toBe('Business');
    expect(listQueries(requests)).toEqual([firstPage({ q: 'excel', category: 'Business' })]);
  });

  it('loads the next 24 courses with Load more', async () => {
    const user = userEvent.setup();
    const courses = Array.from({ length: COURSE_PAGE_SIZE + 2 }, () => summaryOf(buildCourse()));
    const { requests } = serveCatalogue(courses);
    renderCatalogue();

    await waitFor(() => expect(cards()).toHaveLength(COURSE_PAGE_SIZE));
    expect(screen.getByText(`Showing ${COURSE_PAGE_SIZE} of ${courses.length}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(cards()).toHaveLength(courses.length));
    expect(listQueries(requests).at(-1)).toBe(`?limit=${COURSE_PAGE_SIZE}&offset=${COURSE_PAGE_SIZE}`);
  });

  it("says 'No courses match your search.' when nothing matches, the featured card still there", async () => {
    serveCatalogue([summaryOf(buildCourse({ title: 'Poultry Farming' }))]);
    renderCatalogue('/courses?q=python');

    expect(await screen.findByText(COURSE_MESSAGES.noCoursesMatch)).toBeTruthy();
    expect(screen.getByText('Try another search or category.')).toBeTruthy();
    expect(screen.getByTestId('featured-course-card')).toBeTruthy();
    expect(cards()).toHaveLength(0);
  });

  it('shows a failed load with Try Again, which asks again', async () => {
    const user = userEvent.setup();
    const course = summaryOf(buildCourse());
    let calls = 0;
    server.use(
      http.get('/api/courses/categories', () => HttpResponse.json(CATEGORIES)),
      http.get('/api/courses', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 })
          : pageAnswer([course]);
      }),
    );
    renderCatalogue();

    expect((await screen.findByRole('alert')).textContent).toBe(COURSE_MESSAGES.loadFailed);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('shows grey cards after the featured one while the first page loads', () => {
    server.use(
      http.get('/api/courses/*', () => delay('infinite')),
      http.get('/api/courses', () => delay('infinite')),
    );
    renderCatalogue();

    expect(screen.getByText('Loading courses...').getAttribute('role')).toBe('status');
    expect(screen.getAllByTestId('course-card-skeleton').length).toBeGreaterThan(0);
    expect(screen.getByTestId('featured-course-card')).toBeTruthy();
  });

  it("opens the floating menu's 'Start teaching' and 'Manage courses', and closes it on Escape", async () => {
    const user = userEvent.setup();
    serveCatalogue([]);
    renderCatalogue();

    const button = screen.getByRole('button', { name: 'Open the teaching menu' });
    expect(screen.queryByRole('list', { name: 'Teach on Sokoni' })).toBeNull();
    await user.click(button);

    const menu = within(screen.getByRole('list', { name: 'Teach on Sokoni' }));
    expect(menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Create CourseStart teaching', '/instructor/courses/new'],
      ['My DashboardManage courses', '/instructor/courses'],
    ]);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('list', { name: 'Teach on Sokoni' })).toBeNull();
  });
});
