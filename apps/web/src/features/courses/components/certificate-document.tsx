import { Link } from 'react-router';
import { CERTIFICATE_TEXT } from '@sokoni/contracts/courses-rules';
import type { Certificate } from '@sokoni/contracts/courses';
import { certificateDay } from '../lib/course-display';

/** The public page that verifies a certificate, on this site. */
export const verificationPath = (code: string) => `/certificates/${encodeURIComponent(code)}`;

/**
 * The certificate as the learner sees and prints it, in the words of its PDF (spec §2 Certificate):
 * their real name, the course on Sokoni with its lessons and length, the instructor's Sokoni account
 * and since when, what the certificate is not, the day it was issued in Nairobi, and the code and
 * address anyone can check it at.
 */
export function CertificateDocument({ certificate }: { certificate: Certificate }) {
  const path = verificationPath(certificate.verificationCode);
  return (
    <div
      className="rounded-2xl border-4 border-double border-emerald-800 bg-white px-5 py-10 text-center shadow-sm sm:px-12 sm:py-14 print:border-emerald-800 print:shadow-none"
      data-testid="certificate"
    >
      <p className="text-sm font-extrabold tracking-[0.3em] text-emerald-800 uppercase">Sokoni</p>
      <h1 className="mt-4 font-serif text-3xl font-bold text-slate-900 sm:text-4xl">
        {CERTIFICATE_TEXT.title}
      </h1>
      <p className="mt-6 font-serif text-slate-600 italic">{CERTIFICATE_TEXT.certifies}</p>
      <p
        className="mt-2 font-serif text-3xl font-bold break-words text-emerald-900 sm:text-4xl"
        data-testid="learner-name"
      >
        {certificate.learnerName}
      </p>
      <p className="mt-4 font-serif text-slate-600 italic">{CERTIFICATE_TEXT.completed}</p>
      <p
        className="mt-2 text-xl font-semibold break-words text-slate-900 sm:text-2xl"
        data-testid="course-title"
      >
        {certificate.courseTitle}
      </p>
      <p className="mt-2 text-slate-700" data-testid="course-content">
        {CERTIFICATE_TEXT.content(certificate.lessonCount, certificate.contentMinutes)}
      </p>
      <p className="mt-1 break-words text-slate-700" data-testid="taught-by">
        {CERTIFICATE_TEXT.taughtBy(certificate.instructorName, certificate.instructorMemberSince)}
      </p>
      <p className="mx-auto mt-6 max-w-2xl text-sm text-slate-900" data-testid="not-a-qualification">
        {certificate.notAQualification}
      </p>
      <div className="mt-10 space-y-1 text-sm text-slate-700">
        <p data-testid="issued-date">{CERTIFICATE_TEXT.issued(certificateDay(certificate.issuedDate))}</p>
        {/* The code breaks only before it, never at its dashes: it is copied and typed whole. */}
        <p className="font-semibold text-slate-900">
          {CERTIFICATE_TEXT.code('').trim()}{' '}
          <span className="whitespace-nowrap">{certificate.verificationCode}</span>
        </p>
        <p>
          {CERTIFICATE_TEXT.verifyAt}:{' '}
          <Link to={path} className="font-medium break-all text-emerald-800 underline underline-offset-2">
            {`${window.location.origin}${path}`}
          </Link>
        </p>
      </div>
    </div>
  );
}
