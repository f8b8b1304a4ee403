import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import type { Certificate } from '@sokoni/contracts/courses';
import { Button, buttonClasses } from '@/components/button';
import { CheckCircleIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { useMetaDescription } from '@/lib/use-meta-description';
import { usePublicCertificate } from '../api/get-public-certificate';
import { verificationPath } from '../components/certificate-document';
import { formatCertificateDay } from '../lib/course-display';

/** A code no certificate has, or one not even shaped like a code (the server refuses it as such). */
const isUnknownCode = (error: Error) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Verified({ certificate }: { certificate: Certificate }) {
  useMetaDescription(`${certificate.learnerName} completed ${certificate.courseTitle} on Sokoni.`);
  return (
    <div className="space-y-6">
      <title>{`Certificate verified: ${certificate.learnerName} — Sokoni`}</title>
      <div className="flex flex-col items-center text-center">
        <CheckCircleIcon className="text-6xl text-emerald-700" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">Certificate verified</h1>
        <p className="mt-2 text-slate-700">
          Sokoni issued this certificate to {certificate.learnerName} for completing {certificate.courseTitle}
          .
        </p>
      </div>
      <dl
        className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 sm:px-6"
        data-testid="certificate-facts"
      >
        <Row term="Learner">{certificate.learnerName}</Row>
        <Row term="Course">{certificate.courseTitle}</Row>
        <Row term="Instructor">{certificate.instructorName}</Row>
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

/** Someone holding a code off a CV types it again (a letter misread) and checks it. */
function CheckAnotherCode() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleaned = code.trim().toUpperCase();
    if (!cleaned) {
      setProblem('Please enter the code printed on the certificate.');
      return;
    }
    void navigate(verificationPath(cleaned));
  };
  return (
    <form noValidate onSubmit={submit} className="mt-8 w-full space-y-3 text-left" aria-label="Check a code">
      <TextField
        id="certificate-code"
        label="Certificate code"
        placeholder="SKN-XXXX-XXXX-XXXX"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setProblem(undefined);
        }}
        error={problem}
      />
      <Button type="submit" className="w-full">
        Verify
      </Button>
    </form>
  );
}

function CodeNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center text-center">
      <title>Certificate not found — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900">{COURSE_MESSAGES.certificateCodeNotFound}</h1>
      <p className="mt-2 text-slate-700">
        No Sokoni certificate has this code. Check it against the certificate: codes look like{' '}
        <span className="whitespace-nowrap">SKN-7Q2M-X4PD-9KTR</span>, and a certificate that has been issued
        can always be found here.
      </p>
      <CheckAnotherCode />
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
    content = isUnknownCode(certificate.error) ? (
      <CodeNotFound />
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
