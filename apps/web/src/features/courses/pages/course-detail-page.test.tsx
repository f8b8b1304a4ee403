import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import type { RequestHandler } from 'msw';
import toast from 'react-hot-toast';
import { Link, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellations';
import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import type { Course, Enrollment } from '@sokoni/contracts/courses';
import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import { goToProvider } from '@/lib/payment-flow';
import type * as PaymentFlow from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useMpesaNumberStore } from '@/stores/mpesa-number';
import { apiFailure } from '@/test/answers';
import { CurrentUrl, currentUrl } from '@/test/current-url';
import { cardStartAnswer, mpesaStartAnswer } from '@/test/payment-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import {
  INSTRUCTOR,
  LEARNER,
  buildCertificate,
  buildCourse,
  buildEnrollment,
  buildLesson,
  enrolledIn,
} from '@/test/course-fakes';
import { recordRequests, server } from '@/test/server';
import { CourseDetailPage } from './course-detail-page';

const OWN_PDF = `/api/course-media/${'b'.repeat(32)}.pdf?expires=1&signature=abcdefghijklmnop`;

// Leaving the app for the provider's page is a full navigation: the test only sees where it would go.
vi.mock('@/lib/payment-flow', async (importOriginal) => ({
  ...(await importOriginal<typeof PaymentFlow>()),
  goToProvider: vi.fn(),
}));

const AUTHORIZATION_URL = 'https://checkout.example/pay/course';

beforeEach(() => {
  useAuthStore.setState({ user: LEARNER });
  useMpesaNumberStore.setState({ numbers: {} });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
  vi.mocked(goToProvider).mockReset();
});

function Probe({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from;
  return (
    <p>
      {name} at {location.pathname}
      {location.search}
      {from ? `, back to ${from.pathname}` : ''}
    </p>
  );
}

function CatalogueProbe({ courseId }: { courseId: string }) {
  return (
    <>
      <Probe name="Catalogue" />
      <Link to={`/courses/${courseId}`}>Open the course</Link>
    </>
  );
}

function renderCoursePage(id: string, { from }: { from?: string } = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/courses" element={<CatalogueProbe courseId={id} />} />
      <Route path="/courses/:courseId" element={<CourseDetailPage />} />
      <Route path="/courses/:courseId/classroom" element={<Probe name="Classroom" />} />
      <Route path="/login" element={<Probe name="Login page" />} />
    </Routes>,
    { url: from ?? `/courses/${id}` },
  );
}

/**
 * The course's page and the learner's standing: GET /api/courses/{id} answers `course`, GET
 * …/enrollment `standing()`, and the other requests `handlers`. Answers the requests sent.
 */
function serveCourse(
  course: Course,
  standing: () => Enrollment = () => buildEnrollment(course.id),
  ...handlers: RequestHandler[]
) {
  const requests = recordRequests();
  server.use(
    http.get(`/api/courses/${course.id}`, () => HttpResponse.json(course)),
    http.get(`/api/courses/${course.id}/enrollment`, () => HttpResponse.json(standing())),
    ...handlers,
  );
  return { requests };
}

const heading = () => screen.findByRole('heading', { level: 1 });
const payByCard = () => screen.findByRole('button', { name: MPESA_MESSAGES.payByCard });

describe('course page', () => {
  it("shows the header, 'What You'll Master', the details, the lesson outline and the instructor", async () => {
    const course = buildCourse({
      title: 'Bookkeeping for Dukas',
      description: 'Keep your shop’s books\nin one notebook.',
      category: 'Business',
      level: 'Intermediate',
      language: 'Swahili',
      rating: 4.46,
      ratingCount: 12,
      enrolledCount: 1250,
      objectives: ['Record daily sales', 'Work out your profit'],
      instructor: {
        name: 'achieng Otieno',
        title: 'Small-business coach',
        avatar: null,
        bio: 'Twenty years of teaching\nmarket traders.',
      },
      lessons: [
        buildLesson(1, { title: 'Welcome', duration: 10, preview: true, contentUrl: 'Karibu!' }),
        buildLesson(2, { title: 'Daily sales', duration: 45, contentType: 'video', contentUrl: null }),
        buildLesson(3, {
          title: 'Profit',
          duration: 95,
          contentType: 'pdf',
          contentUrl: null,
          locked: true,
          releaseDate: '2026-12-24',
        }),
      ],
    });
    serveCourse(course);
    renderCoursePage(course.id);

    expect((await heading()).textContent).toBe('Bookkeeping for Dukas');
    expect(screen.getByText(/Keep your shop/).textContent).toBe(course.description);
    const facts = within(screen.getByTestId('course-header-facts'));
    expect(facts.getAllByRole('listitem').map((fact) => fact.textContent)).toEqual([
      'Duration: 2h 30m',
      '1,250 enrolled',
      '4.5 out of 5(12 ratings)',
    ]);
    expect(facts.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(
      within(screen.getByTestId('course-objectives'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['✓Record daily sales', '✓Work out your profit']);
    expect(screen.getByRole('heading', { level: 2, name: "What You'll Master" })).toBeTruthy();
    const details = within(screen.getByTestId('course-details'));
    expect(details.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      '3 lessons',
      'Intermediate',
      'Swahili',
    ]);
    const lessons = within(screen.getByTestId('course-outline')).getAllByRole('listitem');
    expect(lessons.map((lesson) => lesson.textContent)).toEqual([
      '1WelcomePreviewText · 10 min',
      '2Daily salesVideo · 45 min',
      '3ProfitPDF · Unlocks 24 Dec 2026',
    ]);
    expect(lessons.map((lesson) => lesson.getAttribute('data-locked'))).toEqual([null, null, 'true']);
    expect(within(lessons[2]!).getByTestId('lesson-lock')).toBeTruthy();
    const instructor = within(screen.getByTestId('instructor-card'));
    expect(instructor.getByTestId('instructor-initial').textContent).toBe('A');
    expect(instructor.getByRole('heading', { level: 3 }).textContent).toBe('achieng Otieno');
    expect(instructor.getByText('Small-business coach')).toBeTruthy();
    expect(instructor.getByText(/Twenty years/).textContent).toBe(
      'Twenty years of teaching\nmarket traders.',
    );
    expect(document.title).toBe('Bookkeeping for Dukas — Sokoni');
  });

  it('offers Share, and Share on WhatsApp with the course’s title and link', async () => {
    const course = buildCourse({ title: 'Bookkeeping for Dukas' });
    serveCourse(course);
    renderCoursePage(course.id);

    expect(await screen.findByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Bookkeeping for Dukas\n${window.location.origin}/courses/${course.id}`)}`,
    );
  });

  it("shows the instructor's avatar when they have one, and 'No ratings yet' for a course no one rated", async () => {
    const avatar = '/api/uploads/courses/0123456789abcdef0123456789abcdef.webp';
    const course = buildCourse({
      instructor: { name: 'Otieno Ouma', title: null, avatar, bio: null },
    });
    serveCourse(course);
    renderCoursePage(course.id);
    await heading();

    const card = screen.getByTestId('instructor-card');
    expect(card.querySelector('img')?.getAttribute('src')).toBe(avatar);
    expect(within(card).queryByTestId('instructor-initial')).toBeNull();
    expect(within(screen.getByTestId('course-header-facts')).getByText('No ratings yet')).toBeTruthy();
  });

  it("previews the first lesson's text, video or PDF (500 px tall) to everyone; another site's PDF opens in a new tab", async () => {
    useAuthStore.setState({ user: null });
    const text = buildCourse({
      lessons: [buildLesson(1, { title: 'Welcome', preview: true, contentUrl: 'Karibu!\nLet us begin.' })],
    });
    const video = buildCourse({
      lessons: [
        buildLesson(1, {
          title: 'Tour',
          preview: true,
          contentType: 'video',
          contentUrl: `/api/course-media/${'a'.repeat(32)}.mp4?expires=1&signature=abcdefghijklmnop`,
        }),
      ],
    });
    const pdf = buildCourse({
      lessons: [
        buildLesson(1, {
          title: 'Workbook',
          preview: true,
          contentType: 'pdf',
          contentUrl: OWN_PDF,
        }),
      ],
    });
    const elsewhere = buildCourse({
      lessons: [
        buildLesson(1, {
          title: 'Reading list',
          preview: true,
          contentType: 'pdf',
          contentUrl: 'https://example.org/a.pdf',
        }),
      ],
    });
    server.use(
      http.get(`/api/courses/${elsewhere.id}`, () => HttpResponse.json(elsewhere)),
      http.get(`/api/courses/${text.id}`, () => HttpResponse.json(text)),
      http.get(`/api/courses/${video.id}`, () => HttpResponse.json(video)),
      http.get(`/api/courses/${pdf.id}`, () => HttpResponse.json(pdf)),
    );

    const first = renderCoursePage(text.id);
    await heading();
    expect(screen.getByRole('heading', { level: 2, name: 'Preview: Welcome' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Text of Welcome' }).textContent).toBe(
      'Karibu!\nLet us begin.',
    );
    first.unmount();

    const second = renderCoursePage(video.id);
    await heading();
    expect(screen.getByLabelText('Tour').getAttribute('src')).toBe(video.lessons[0]!.contentUrl);
    expect(screen.getByLabelText('Tour').tagName).toBe('VIDEO');
    second.unmount();

    const third = renderCoursePage(pdf.id);
    await heading();
    const frame = screen.getByTitle('PDF: Workbook');
    expect([frame.getAttribute('src'), frame.getAttribute('height')]).toEqual([OWN_PDF, '500']);
    expect(screen.getByRole('link', { name: /^Open PDF/ }).getAttribute('href')).toBe(OWN_PDF);
    third.unmount();

    renderCoursePage(elsewhere.id);
    await heading();
    expect(screen.queryByTitle('PDF: Reading list')).toBeNull();
    const open = screen.getByRole('link', { name: /^Open PDF/ });
    expect([open.getAttribute('href'), open.getAttribute('target')]).toEqual([
      'https://example.org/a.pdf',
      '_blank',
    ]);
  });

  it("says 'Course Not Found' for an unknown id, and Go Back leads to the catalogue when the page was opened directly", async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/courses/nope', () =>
        apiFailure(404, 'COURSE_NOT_FOUND', COURSE_MESSAGES.classroomNotFound),
      ),
    );
    renderCoursePage('nope');

    expect((await heading()).textContent).toBe('Course Not Found');
    expect(screen.getByText("This course doesn't exist or has been removed.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Catalogue at /courses')).toBeTruthy();
  });

  it('Go Back returns to the page the learner came from', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('/api/courses/gone', () =>
        apiFailure(404, 'COURSE_NOT_FOUND', COURSE_MESSAGES.classroomNotFound),
      ),
    );
    renderCoursePage('gone', { from: '/courses?q=excel' });

    await user.click(screen.getByRole('link', { name: 'Open the course' }));
    expect((await heading()).textContent).toBe('Course Not Found');
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Catalogue at /courses?q=excel')).toBeTruthy();
  });

  it('shows a failed load with Try Again, which asks again', async () => {
    const user = userEvent.setup();
    const course = buildCourse({ title: 'Poultry Farming' });
    let calls = 0;
    server.use(
      http.get(`/api/courses/${course.id}`, () => {
        // Failed twice: the first load and its one retry.
        calls += 1;
        return calls <= 2 ? new HttpResponse('', { status: 502 }) : HttpResponse.json(course);
      }),
      http.get(`/api/courses/${course.id}/enrollment`, () => HttpResponse.json(buildEnrollment(course.id))),
    );
    renderCoursePage(course.id);

    // Shown once the one retry has failed too.
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      "We couldn't load this course. Please check your connection.",
    );
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await heading()).textContent).toBe('Poultry Farming');
  });

  it('shows the page skeleton while the course loads', () => {
    server.use(http.get('/api/courses/c1', () => delay('infinite')));
    renderCoursePage('c1');
    expect(screen.getByRole('status').textContent).toBe('Loading course...');
  });
});

describe('enrolment card', () => {
  it("enrols in a free course: Enroll Now → 'Enrolling...' (disabled) → \"You're In!\" → Enter Classroom", async () => {
    const user = userEvent.setup();
    const course = buildCourse({ price: 0 });
    let enrolled = false;
    let answer: (response: Response) => void = () => {};
    const { requests } = serveCourse(
      course,
      () => (enrolled ? enrolledIn(course.id) : buildEnrollment(course.id)),
      http.post(
        `/api/courses/${course.id}/enroll`,
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    renderCoursePage(course.id);
    await heading();

    expect((await screen.findByTestId('course-price')).textContent).toBe('Free');
    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));
    const enrolling = screen.getByRole<HTMLButtonElement>('button', { name: 'Enrolling...' });
    expect(enrolling.disabled).toBe(true);

    enrolled = true;
    answer(HttpResponse.json(enrolledIn(course.id), { status: 201 }));
    expect(await screen.findByText("You're In!")).toBeTruthy();
    expect(screen.getByTestId('course-progress').textContent).toBe('0% complete');
    await user.click(screen.getByRole('link', { name: 'Enter Classroom' }));
    expect(await screen.findByText(`Classroom at /courses/${course.id}/classroom`)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `/api/courses/${course.id}/enroll`,
    ]);
  });

  it('shows an enrolled learner "You\'re In!", their progress and Enter Classroom at once, and the certificate once done', async () => {
    const course = buildCourse();
    const { requests } = serveCourse(course, () => enrolledIn(course.id, 40));
    const first = renderCoursePage(course.id);

    expect(await screen.findByText("You're In!")).toBeTruthy();
    expect(screen.getByTestId('course-progress').textContent).toBe('40% complete');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('link', { name: 'Enter Classroom' }).getAttribute('href')).toBe(
      `/courses/${course.id}/classroom`,
    );
    expect(screen.queryByRole('button', { name: 'Enroll Now' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View Certificate' })).toBeNull();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    first.unmount();

    const done = buildCourse();
    serveCourse(done, () =>
      enrolledIn(done.id, 100, {
        completedAt: '2026-03-01T09:00:00.000Z',
        certificate: buildCertificate(done),
      }),
    );
    renderCoursePage(done.id);
    expect(await screen.findByRole('link', { name: 'View Certificate' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Certificate' }).getAttribute('href')).toBe(
      `/courses/${done.id}/certificate`,
    );
  });

  it('refunds a learner who asks while eligible, after asking: the message, then the course to join again (#27)', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const course = buildCourse({ price: 2500 });
    let standing = enrolledIn(course.id, 10, { canAskRefund: true });
    const { requests } = serveCourse(
      course,
      () => standing,
      http.post(`/api/courses/${course.id}/refund`, () => {
        standing = buildEnrollment(course.id, { refundedAt: '2026-03-02T07:00:00.000Z' });
        return HttpResponse.json({ message: CANCEL_MESSAGES.courseRefunded, refund: 2500 });
      }),
    );
    renderCoursePage(course.id);

    await user.click(await screen.findByRole('button', { name: 'Ask for a refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ask for a refund?' }));
    await user.click(dialog.getByRole('button', { name: 'Keep the course' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Ask for a refund' }));
    await user.click(screen.getByRole('button', { name: 'Yes, refund me' }));

    expect(await screen.findByRole('button', { name: 'Pay & Enrol' })).toBeTruthy();
    expect(success).toHaveBeenCalledWith(CANCEL_MESSAGES.courseRefunded);
    expect(screen.getByText(/You were refunded for this course on/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Enter Classroom' })).toBeNull();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `/api/courses/${course.id}/refund`,
    ]);
  });

  it('offers no refund once the learner is no longer eligible', async () => {
    const course = buildCourse({ price: 2500 });
    serveCourse(course, () => enrolledIn(course.id, 40));
    renderCoursePage(course.id);

    expect(await screen.findByText("You're In!")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for a refund' })).toBeNull();
  });

  it("pays for a paid course: Pay & Enrol opens the pay step at the course's price, and by card it starts the payment, then leaves for the provider", async () => {
    const user = userEvent.setup();
    const course = buildCourse({ price: 2500 });
    const { requests } = serveCourse(
      course,
      undefined,
      http.post('/api/payments/initialize', () => cardStartAnswer(AUTHORIZATION_URL, 'ref-1')),
    );
    renderCoursePage(course.id);
    await heading();

    expect((await screen.findByTestId('course-price')).textContent).toBe('KES 2,500');
    await user.click(screen.getByRole('button', { name: 'Pay & Enrol' }));
    expect(
      await screen.findByRole('button', { name: MPESA_MESSAGES.payWithMpesa('KES 2,500') }),
    ).toBeTruthy();
    await user.click(await payByCard());

    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith(AUTHORIZATION_URL));
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((post) => post.path)).toEqual(['/api/payments/initialize']);
    const { callback_url: callbackUrl, ...payment } = posts[0]!.body as Record<string, unknown>;
    expect(payment).toEqual({
      email: LEARNER.email,
      amount: 2500,
      paymentType: 'course',
      courseId: course.id,
      method: 'card',
    });
    const callback = new URL(String(callbackUrl));
    expect([callback.pathname, callback.searchParams.get('courseId')]).toEqual([
      '/payment/callback',
      course.id,
    ]);
    expect(screen.getByText('Redirecting to Sokoni Sandbox...')).toBeTruthy();
  });

  it('pays for a paid course with M-Pesa: the prompt, then the waiting screen for the course', async () => {
    const user = userEvent.setup();
    const course = buildCourse({ price: 2500 });
    const { requests } = serveCourse(
      course,
      undefined,
      http.post('/api/payments/initialize', () => mpesaStartAnswer({ reference: 'ref-c', amount: 2500 })),
    );
    renderWithProviders(
      <>
        <Routes>
          <Route path="/courses/:courseId" element={<CourseDetailPage />} />
        </Routes>
        <CurrentUrl />
      </>,
      { url: `/courses/${course.id}` },
    );
    await heading();

    await user.click(await screen.findByRole('button', { name: 'Pay & Enrol' }));
    await user.type(await screen.findByLabelText(MPESA_MESSAGES.numberLabel), '0712 345 678');
    await user.click(await screen.findByRole('button', { name: MPESA_MESSAGES.payWithMpesa('KES 2,500') }));

    await waitFor(() =>
      expect(currentUrl()).toBe(`/payment/callback?courseId=${course.id}&reference=ref-c&method=mpesa`),
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      paymentType: 'course',
      courseId: course.id,
      method: 'mpesa',
      phone: '+254712345678',
    });
  });

  it("says 'Payment initiation failed. Try again.' when the payment cannot start, and stays on the page", async () => {
    const user = userEvent.setup();
    const course = buildCourse({ price: 2500 });
    serveCourse(
      course,
      undefined,
      http.post('/api/payments/initialize', () => new HttpResponse('', { status: 502 })),
    );
    renderCoursePage(course.id);
    await heading();

    await user.click(await screen.findByRole('button', { name: 'Pay & Enrol' }));
    await user.click(await payByCard());

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(COURSE_MESSAGES.paymentFailed));
    expect(goToProvider).not.toHaveBeenCalled();
    expect(((await payByCard()) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says why the server refused the payment (AMOUNT_MISMATCH: the price changed), and shows the course's new price", async () => {
    const user = userEvent.setup();
    let course = buildCourse({ price: 2500 });
    server.use(
      http.get(`/api/courses/${course.id}`, () => HttpResponse.json(course)),
      http.get(`/api/courses/${course.id}/enrollment`, () => HttpResponse.json(buildEnrollment(course.id))),
      http.post('/api/payments/initialize', () =>
        apiFailure(409, 'AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch('KES 3,000')),
      ),
    );
    renderCoursePage(course.id);
    await heading();
    // The instructor changes the price while the page is open.
    course = { ...course, price: 3000 };

    await user.click(await screen.findByRole('button', { name: 'Pay & Enrol' }));
    await user.click(await payByCard());

    await waitFor(() => expect(screen.getByTestId('course-price').textContent).toBe('KES 3,000'));
    expect(screen.getByRole('alert').textContent).toBe(PAYMENT_MESSAGES.amountMismatch('KES 3,000'));
    // The pay step now asks for the new price.
    expect(
      await screen.findByRole('button', { name: MPESA_MESSAGES.payWithMpesa('KES 3,000') }),
    ).toBeTruthy();
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('shows "You\'re In!" when the server refuses the payment as ALREADY_ENROLLED (paid in another tab)', async () => {
    const user = userEvent.setup();
    const course = buildCourse({ price: 2500 });
    let enrolled = false;
    serveCourse(
      course,
      () => (enrolled ? enrolledIn(course.id) : buildEnrollment(course.id)),
      http.post('/api/payments/initialize', () =>
        apiFailure(409, 'ALREADY_ENROLLED', COURSE_MESSAGES.alreadyEnrolled),
      ),
    );
    renderCoursePage(course.id);
    await heading();
    enrolled = true;

    await user.click(await screen.findByRole('button', { name: 'Pay & Enrol' }));
    await user.click(await payByCard());

    expect(await screen.findByText("You're In!")).toBeTruthy();
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('says the last payment did not go through, and Pay again opens the pay step', async () => {
    const user = userEvent.setup();
    const course = buildCourse({ price: 2500 });
    serveCourse(
      course,
      undefined,
      http.get(`/api/courses/${course.id}/last-payment`, () => HttpResponse.json({ unpaid: true })),
    );
    renderCoursePage(course.id);
    await heading();

    expect(await screen.findByText(MPESA_MESSAGES.lastPaymentUnpaid)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MPESA_MESSAGES.payAgain }));
    expect(
      await screen.findByRole('button', { name: MPESA_MESSAGES.payWithMpesa('KES 2,500') }),
    ).toBeTruthy();
    expect(await payByCard()).toBeTruthy();
  });

  it("says why the server refused a free enrolment (the course became paid), and shows the course's new price", async () => {
    const user = userEvent.setup();
    let course = buildCourse({ price: 0 });
    server.use(
      http.get(`/api/courses/${course.id}`, () => HttpResponse.json(course)),
      http.get(`/api/courses/${course.id}/enrollment`, () => HttpResponse.json(buildEnrollment(course.id))),
      http.post(`/api/courses/${course.id}/enroll`, () => {
        course = { ...course, price: 1500 };
        return HttpResponse.json(
          { code: 'PAYMENT_REQUIRED', message: COURSE_MESSAGES.paidCourse },
          { status: 402 },
        );
      }),
    );
    renderCoursePage(course.id);
    await heading();

    await user.click(await screen.findByRole('button', { name: 'Enroll Now' }));

    await waitFor(() => expect(screen.getByTestId('course-price').textContent).toBe('KES 1,500'));
    expect(screen.getByRole('button', { name: 'Pay & Enrol' })).toBeTruthy();
  });

  it('asks a visitor to log in before enrolling, and the link comes back to this course', async () => {
    useAuthStore.setState({ user: null });
    const user = userEvent.setup();
    const course = buildCourse({ price: 0 });
    const { requests } = serveCourse(course);
    renderCoursePage(course.id);
    await heading();

    await user.click(screen.getByRole('button', { name: 'Enroll Now' }));

    expect(screen.getByRole('alert').textContent).toBe(`${COURSE_MESSAGES.enrolLoginRequired} Log in`);
    expect(requests.map((request) => request.path)).toEqual([`/api/courses/${course.id}`]);
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByText(`Login page at /login, back to /courses/${course.id}`)).toBeTruthy();
  });

  it('asks a visitor to log in before paying for a paid course, starting no payment', async () => {
    useAuthStore.setState({ user: null });
    const user = userEvent.setup();
    const course = buildCourse({ price: 2500 });
    const { requests } = serveCourse(course);
    renderCoursePage(course.id);
    await heading();

    await user.click(screen.getByRole('button', { name: 'Pay & Enrol' }));

    expect(screen.getByRole('alert').textContent).toBe(`${COURSE_MESSAGES.enrolLoginRequired} Log in`);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it("tells the course's instructor 'You teach this course', with a link to edit it instead of enrolling", async () => {
    useAuthStore.setState({ user: INSTRUCTOR });
    const course = buildCourse({ price: 2500 });
    const { requests } = serveCourse(course);
    renderCoursePage(course.id);
    await heading();

    expect(screen.getByText('You teach this course')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit course' }).getAttribute('href')).toBe(
      `/instructor/courses/${course.id}/edit`,
    );
    expect(screen.queryByRole('button', { name: 'Pay & Enrol' })).toBeNull();
    expect(screen.queryByTestId('course-price')).toBeNull();
    expect(requests.map((request) => request.path)).toEqual([`/api/courses/${course.id}`]);
    expect(screen.queryByTestId('draft-notice')).toBeNull();
  });

  it('shows its instructor a draft as a draft, and Publish publishes it', async () => {
    useAuthStore.setState({ user: INSTRUCTOR });
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    let draft = buildCourse({ publishedAt: null, lessons: [buildLesson(1)] });
    const { requests } = serveCourse(
      draft,
      undefined,
      http.post(`/api/courses/${draft.id}/publish`, () => {
        draft = { ...draft, publishedAt: '2026-03-10T06:00:00.000Z' };
        return HttpResponse.json(draft);
      }),
    );
    // The course as it stands now: a draft until published.
    server.use(http.get(`/api/courses/${draft.id}`, () => HttpResponse.json(draft)));
    renderCoursePage(draft.id);
    await heading();

    expect(screen.getByTestId('draft-notice').textContent).toBe(
      `${COURSE_MESSAGES.draft}This course is a draft: only you can see it. Publish it once it has a lesson.`,
    );
    await user.click(screen.getByRole('button', { name: `Publish ${draft.title}` }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(COURSE_MESSAGES.published));
    await waitFor(() => expect(screen.queryByTestId('draft-notice')).toBeNull());
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `/api/courses/${draft.id}/publish`,
    ]);
  });
});
