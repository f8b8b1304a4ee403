import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { jsonResponse, serveApi } from '@/test/api-fakes';
import { buildCertificate, buildCourse } from '@/test/course-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
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

const notFound = () =>
  jsonResponse(
    { code: 'CERTIFICATE_NOT_FOUND', message: COURSE_MESSAGES.certificateCodeNotFound },
    { status: 404 },
  );

describe('certificate verification', () => {
  it("tells anyone 'Certificate verified' with the learner, course, instructor, day, code and the PDF", async () => {
    const course = buildCourse({
      title: 'Bookkeeping for Dukas',
      instructor: { name: 'Achieng Otieno', title: null, avatar: null, bio: null },
    });
    const certificate = buildCertificate(course, {
      learnerName: 'Wanjiku Kamau',
      issuedDate: '2026-03-09T21:30:00.000Z',
      verificationCode: CODE,
    });
    const { requests } = serveApi({ [`GET /api/certificates/${CODE}`]: () => jsonResponse(certificate) });
    renderVerificationPage(CODE);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Certificate verified');
    const facts = within(screen.getByTestId('certificate-facts'));
    expect(facts.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Learner',
      'Course',
      'Instructor',
      'Issued',
      'Verification code',
    ]);
    expect(facts.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Wanjiku Kamau',
      'Bookkeeping for Dukas',
      'Achieng Otieno',
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
    serveApi({
      'GET /api/certificates/SKN-7Q2M-X4PD-9KTX': notFound,
      [`GET /api/certificates/${CODE}`]: () => jsonResponse(certificate),
    });
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
    serveApi({
      'GET /api/certificates/hello': () =>
        jsonResponse(
          { code: 'VALIDATION_FAILED', message: COURSE_MESSAGES.certificateCodeNotFound },
          { status: 400 },
        ),
    });
    renderVerificationPage('hello');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Certificate not found');
  });
});
