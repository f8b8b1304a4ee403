import { useNavigate } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { TextField } from '@/components/text-field';
import { CertificateCodeForm } from '../lib/certificate-code';
import { verificationPath } from './certificate-document';

/** Someone holding a code off a CV types it again (a letter misread) and checks it. */
function CheckAnotherCode() {
  const navigate = useNavigate();
  return (
    <Form
      schema={CertificateCodeForm}
      defaultValues={{ code: '' }}
      onSubmit={({ code }) => void navigate(verificationPath(code))}
      className="mt-8 w-full space-y-3 text-left"
      aria-label="Check a code"
    >
      {({ field }) => (
        <>
          <TextField
            id="certificate-code"
            label="Certificate code"
            placeholder="SKN-XXXX-XXXX-XXXX"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            {...field('code')}
          />
          <Button type="submit" className="w-full">
            Verify
          </Button>
        </>
      )}
    </Form>
  );
}

/** A code no certificate has: what codes look like, and a box to type it again. */
export function CertificateNotFound() {
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
