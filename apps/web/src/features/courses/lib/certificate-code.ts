import { z } from 'zod';

/** A certificate code as someone types it off a CV: any case, spaces around it. */
export const CertificateCodeForm = z.object({
  code: z.string().trim().toUpperCase().min(1, 'Please enter the code printed on the certificate.'),
});
