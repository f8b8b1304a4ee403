import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_TEXT, COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { apiFailure } from '@/test/answers';
import { buildCertificate, buildCourse } from '@/test/course-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { CertificateVerificationPage } from './certificate-verification-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const CODE = 'SKN-7Q2M-X4PD-9KTR';

function renderVerificationPage(code: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/certificates/:code" element={<CertificateVerificationPage />} />
    </Routes>,
    { url: `/certificates/${code}` },
  );
}

const notFound = () => apiFailure(404, 'CERTIFICATE_NOT_FOUND', COURSE_MESSAGES.certificateCodeNotFound);

describe('certificate verification', () => {
  it("tells anyone 'Certificate verified': what it proves (a course on Sokoni, its length, the instructor's account), what it is not, the day, code and the PDF", async () => {
    // The course took a degree's title, its instructor's account a school's name.
    const course = buildCourse({
      title: 'Master of Business Administration (MBA)',
      instructor: { name: 'Strathmore University Business School', title: null, avatar: null, bio: null },
    });
    const { userId: _noAccountId, ...certificate } = buildCertificate(course, {
      learnerName: 'Wanjiku Kamau',
      lessonCount: 1,
      contentMinutes: 5,
      instructorMemberSince: '2026-03',
      issuedDate: '2026-03-09T21:30:00.000Z',
      verificationCode: CODE,
    });
    const requests = recordRequests();
    server.use(http.get(`/api/certificates/${CODE}`, () => HttpResponse.json(certificate)));
    renderVerificationPage(CODE);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Certificate verified');
    expect(screen.getByTestId('certificate-proves').textContent).toBe(
      'Wanjiku Kamau completed the online course “Master of Business Administration (MBA)” on Sokoni ' +
        '(1 lesson, 5 minutes of content), taught by the Sokoni account Strathmore University Business ' +
        'School, member since March 2026.',
    );
    expect(screen.getByTestId('not-a-qualification').textContent).toBe(CERTIFICATE_TEXT.notAQualification);
    expect(CERTIFICATE_TEXT.notAQualification).toContain('not a degree, diploma or other qualification');
    const facts = within(screen.getByTestId('certificate-facts'));
    expect(facts.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Learner',
      'Course on Sokoni',
      'Content',
      'Taught by',
      'Issued',
      'Verification code',
    ]);
    expect(facts.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Wanjiku Kamau',
      'Master of Business Administration (MBA)',
      '1 lesson · 5 minutes of content',
      'the Sokoni account Strathmore University Business School, member since March 2026',
      '10 Mar 2026',
      CODE,
    ]);
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect([pdf.getAttribute('href'), pdf.hasAttribute('download')]).toEqual([certificate.pdfUrl, true]);
    expect(document.title).toBe('Certificate verified: Wanjiku Kamau — Sokoni');
    expect(requests[0]!.path).toBe(`/api/certificates/${CODE}`);
  });

  it("says 'Certificate not found' for a wrong code, and checks another one typed in", async () => {
    const user = userEvent.setup();
    const certificate = buildCertificate(buildCourse(), { verificationCode: CODE });
    server.use(
      http.get('/api/certificates/SKN-7Q2M-X4PD-9KTX', notFound),
      http.get(`/api/certificates/${CODE}`, () => HttpResponse.json(certificate)),
    );
    renderVerificationPage('SKN-7Q2M-X4PD-9KTX');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Certificate not found');
    expect(screen.getByText(/No Sokoni certificate has this code/)).toBeTruthy();
    expect(document.title).toBe('Certificate not found — Sokoni');

    const form = within(screen.getByRole('form', { name: 'Check a code' }));
    await user.click(form.getByRole('button', { name: 'Verify' }));
    expect(form.getByText('Please enter the code printed on the certificate.')).toBeTruthy();
    await user.type(form.getByLabelText('Certificate code'), ' skn-7q2m-x4pd-9ktr ');
    await user.click(form.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByRole('heading', { level: 1, name: 'Certificate verified' })).textContent).toBe(
      'Certificate verified',
    );
  });

  it("says 'Certificate not found' for something not even shaped like a code", async () => {
    server.use(
      // The server refuses it as it does an unknown code.
      http.get('/api/certificates/hello', notFound),
    );
    renderVerificationPage('hello');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Certificate not found');
  });
});
