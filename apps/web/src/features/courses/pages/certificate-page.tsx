import { Link, useParams } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { Button, buttonClasses } from '@/components/button';
import { LoadingState } from '@/components/spinner';
import { QueryError } from '@/components/query-error';
import { hasCode } from '@/lib/api-client';
import { useCertificate } from '../api/get-certificate';
import { CertificateDocument } from '../components/certificate-document';

/** Printing the certificate prints it alone: the site's header and footer stay on screen only. */
const PRINT_CERTIFICATE_ONLY = '@media print { body header, body footer { display: none !important; } }';

function NotFound({ message, courseId }: { message: string; courseId: string | null }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>Certificate not found — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
      <p className="mt-2 text-slate-600">
        A certificate is issued when you complete every lesson of a course you are enrolled in.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {courseId ? (
          <Link to={`/courses/${courseId}/classroom`} className={buttonClasses('primary')}>
            Go to Classroom
          </Link>
        ) : null}
        <Link to="/my-courses" className={buttonClasses(courseId ? 'secondary' : 'primary')}>
          My Courses
        </Link>
      </div>
    </div>
  );
}

function CertificateContent({ courseId }: { courseId: string }) {
  const certificate = useCertificate(courseId);
  if (certificate.isPending) return <LoadingState label="Loading certificate..." />;
  if (certificate.isError) {
    // The course is unknown: the learner cannot have its certificate.
    if (hasCode(certificate.error, 'COURSE_NOT_FOUND')) {
      return <NotFound message={COURSE_MESSAGES.classroomNotFound} courseId={null} />;
    }
    if (hasCode(certificate.error, 'CERTIFICATE_NOT_FOUND')) {
      return <NotFound message={COURSE_MESSAGES.certificateNotFound} courseId={courseId} />;
    }
    return (
      <>
        <title>Certificate — Sokoni</title>
        <QueryError
          message="We couldn't load your certificate. Please check your connection."
          onRetry={() => void certificate.refetch()}
          retrying={certificate.isFetching}
        />
      </>
    );
  }
  const { data } = certificate;
  return (
    <div className="space-y-6">
      <title>{`Certificate — ${data.courseTitle} — Sokoni`}</title>
      <style>{PRINT_CERTIFICATE_ONLY}</style>
      <CertificateDocument certificate={data} />
      <div className="flex flex-wrap justify-center gap-3 print:hidden">
        <a href={data.pdfUrl} download className={buttonClasses('primary')}>
          Download
        </a>
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
        <Link to="/my-courses" className={buttonClasses('ghost')}>
          Back to My Courses
        </Link>
      </div>
    </div>
  );
}

/** Spec §2 Certificate: the signed-in learner's certificate of a course they completed. */
export function CertificatePage() {
  const { courseId = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10 print:max-w-none print:p-0">
      <CertificateContent courseId={courseId} />
    </section>
  );
}
