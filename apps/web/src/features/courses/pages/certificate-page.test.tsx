import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { useAuthStore } from '@/stores/auth';
import { LEARNER, buildCertificate, buildCourse } from '@/test/course-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { CertificatePage } from './certificate-page';

beforeEach(() => {
  useAuthStore.setState({ user: LEARNER });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderCertificatePage(courseId: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/courses/:courseId/certificate" element={<CertificatePage />} />
    </Routes>,
    { url: `/courses/${courseId}/certificate` },
  );
}

describe('certificate page', () => {
  it("shows 'Certificate of Completion' with the learner's own name, the course on Sokoni, its length, the instructor's account, what it is not, the day in Nairobi and the code", async () => {
    const course = buildCourse({
      title: 'Bookkeeping for Dukas',
      instructor: { name: 'Achieng Otieno', title: null, avatar: null, bio: null },
    });
    // 00:30 on 10 March in Nairobi, still 9 March in UTC.
    const certificate = buildCertificate(course, {
      learnerName: 'Wanjirũ Njoroge',
      lessonCount: 6,
      contentMinutes: 150,
      instructorMemberSince: '2024-11',
      issuedDate: '2026-03-09T21:30:00.000Z',
      verificationCode: 'SKN-7Q2M-X4PD-9KTR',
    });
    server.use(http.get(`/api/courses/${course.id}/certificate`, () => HttpResponse.json(certificate)));
    renderCertificatePage(course.id);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Certificate of Completion');
    const document_ = within(screen.getByTestId('certificate'));
    expect(document_.getByText('This certifies that')).toBeTruthy();
    expect(document_.getByTestId('learner-name').textContent).toBe('Wanjirũ Njoroge');
    expect(document_.getByText('has completed the online course on Sokoni')).toBeTruthy();
    expect(document_.getByTestId('course-title').textContent).toBe('Bookkeeping for Dukas');
    expect(document_.getByTestId('course-content').textContent).toBe(
      '6 lessons · 2 hours 30 minutes of content',
    );
    expect(document_.getByTestId('taught-by').textContent).toBe(
      'taught by the Sokoni account Achieng Otieno, member since November 2024',
    );
    expect(document_.getByTestId('not-a-qualification').textContent).toBe(
      'Anyone with a Sokoni account may publish a course, and Sokoni does not check who teaches it. ' +
        'This certificate is not a degree, diploma or other qualification, and no institution named in ' +
        'the course title or the instructor’s name issued or endorses it.',
    );
    expect(document_.getByTestId('issued-date').textContent).toBe('Issued 10 Mar 2026');
    expect(document_.getByText(/^Verification code:/).textContent).toBe(
      'Verification code: SKN-7Q2M-X4PD-9KTR',
    );
    const verify = document_.getByRole('link', {
      name: `${window.location.origin}/certificates/SKN-7Q2M-X4PD-9KTR`,
    });
    expect(verify.getAttribute('href')).toBe('/certificates/SKN-7Q2M-X4PD-9KTR');
    expect(document.title).toBe('Certificate — Bookkeeping for Dukas — Sokoni');
  });

  it('offers the PDF as a download and prints the certificate alone', async () => {
    const course = buildCourse();
    const certificate = buildCertificate(course);
    server.use(http.get(`/api/courses/${course.id}/certificate`, () => HttpResponse.json(certificate)));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderCertificatePage(course.id);

    const download = await screen.findByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(certificate.pdfUrl);
    expect(download.hasAttribute('download')).toBe(true);
    screen.getByRole('button', { name: 'Print' }).click();
    expect(print).toHaveBeenCalledOnce();
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '');
    expect(styles.filter((style) => style.includes('@media print'))).toEqual([
      '@media print { body header, body footer { display: none !important; } }',
    ]);
  });

  it("says 'Certificate not found for this course.' before the course is completed", async () => {
    const course = buildCourse();
    server.use(
      http.get(`/api/courses/${course.id}/certificate`, () =>
        HttpResponse.json(
          { code: 'CERTIFICATE_NOT_FOUND', message: COURSE_MESSAGES.certificateNotFound },
          { status: 404 },
        ),
      ),
    );
    renderCertificatePage(course.id);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Certificate not found for this course.',
    );
    expect(screen.getByRole('link', { name: 'Go to Classroom' }).getAttribute('href')).toBe(
      `/courses/${course.id}/classroom`,
    );
  });

  it("says 'Course not found.' for a course that does not exist", async () => {
    server.use(
      http.get('/api/courses/00000000-0000-4000-c000-999999999999/certificate', () =>
        HttpResponse.json(
          { code: 'COURSE_NOT_FOUND', message: COURSE_MESSAGES.classroomNotFound },
          { status: 404 },
        ),
      ),
    );
    renderCertificatePage('00000000-0000-4000-c000-999999999999');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Course not found.');
    expect(screen.queryByRole('link', { name: 'Go to Classroom' })).toBeNull();
  });
});
