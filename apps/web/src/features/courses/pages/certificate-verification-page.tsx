import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CERTIFICATE_TEXT } from '@sokoni/contracts/courses-rules';
import type { PublicCertificate } from '@sokoni/contracts/courses';
import { buttonClasses } from '@/components/button';
import { CheckCircleIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { hasCode } from '@/lib/api-client';
import { useMetaDescription } from '@/lib/use-meta-description';
import { usePublicCertificate } from '../api/get-public-certificate';
import { formatCertificateDay } from '../lib/course-display';

// Its form's code (react-hook-form, zod) loads only for a code no certificate has, not with the
// page an employer opens to see a certificate verified.
const CertificateNotFound = lazy(() =>
  import('../components/certificate-not-found').then((module) => ({ default: module.CertificateNotFound })),
);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** What the certificate proves, as the server words it, and plainly what it is not (an employer reads this). */
function Verified({ certificate }: { certificate: PublicCertificate }) {
  useMetaDescription(certificate.proves);
  return (
    <div className="space-y-6">
      <title>{`Certificate verified: ${certificate.learnerName} — Sokoni`}</title>
      <div className="flex flex-col items-center text-center">
        <CheckCircleIcon className="text-6xl text-emerald-700" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">Certificate verified</h1>
        <p className="mt-2 break-words text-slate-700" data-testid="certificate-proves">
          {certificate.proves}
        </p>
      </div>
      <p
        className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:px-6"
        data-testid="not-a-qualification"
      >
        {certificate.notAQualification}
      </p>
      <dl
        className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 sm:px-6"
        data-testid="certificate-facts"
      >
        <Row term="Learner">{certificate.learnerName}</Row>
        <Row term="Course on Sokoni">{certificate.courseTitle}</Row>
        <Row term="Content">
          {CERTIFICATE_TEXT.content(certificate.lessonCount, certificate.contentMinutes)}
        </Row>
        <Row term="Taught by">
          {CERTIFICATE_TEXT.account(certificate.instructorName, certificate.instructorMemberSince)}
        </Row>
        <Row term="Issued">{formatCertificateDay(certificate.issuedDate)}</Row>
        <Row term="Verification code">
          <span className="font-mono">{certificate.verificationCode}</span>
        </Row>
      </dl>
      <div className="flex flex-wrap justify-center gap-3">
        <a href={certificate.pdfUrl} download className={buttonClasses('primary')}>
          Download PDF
        </a>
        <Link to={`/courses/${certificate.courseId}`} className={buttonClasses('secondary')}>
          About the course
        </Link>
      </div>
    </div>
  );
}

/** Public verification (an employer checking a CV): whether Sokoni issued the certificate with this code, and to whom. */
export function CertificateVerificationPage() {
  const { code = '' } = useParams();
  const certificate = usePublicCertificate(code);

  let content;
  if (certificate.isPending) content = <LoadingState label="Checking the certificate..." />;
  else if (certificate.isError) {
    // A code no certificate has, or one not even shaped like a code: the server refuses both alike.
    content = hasCode(certificate.error, 'CERTIFICATE_NOT_FOUND') ? (
      <Suspense fallback={<LoadingState label="Checking the certificate..." />}>
        <CertificateNotFound />
      </Suspense>
    ) : (
      <>
        <title>Certificate — Sokoni</title>
        <QueryError
          message="We couldn't check this certificate. Please check your connection."
          onRetry={() => void certificate.refetch()}
          retrying={certificate.isFetching}
        />
      </>
    );
  } else content = <Verified certificate={certificate.data} />;

  return <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">{content}</section>;
}
