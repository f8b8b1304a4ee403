import { randomBytes } from 'node:crypto';
import { CertificateCodeParams } from '@sokoni/contracts/courses';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new certificate's code, 'SKN-7Q2M-X4PD-9KTR': 60 random bits (each byte's low 5 bits, as 256 is
 * a multiple of 32 no symbol is likelier than another), so nobody finds a certificate by guessing.
 */
export function newCertificateCode(): string {
  const symbols = [...randomBytes(12)].map((byte) => CROCKFORD[byte & 31]).join('');
  return `SKN-${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8, 12)}`;
}

/** A code as typed or linked (any case, spaces around) in its stored form; undefined if it cannot be one. */
export function normalizeCertificateCode(code: string): string | undefined {
  const parsed = CertificateCodeParams.safeParse({ code });
  return parsed.success ? parsed.data.code : undefined;
}
