import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCertificate } from '@sokoni/contracts/courses';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';

/**
 * GET /certificates/{code}: anyone may check a certificate by its code (an employer reading a CV);
 * a code no certificate has is refused as CERTIFICATE_NOT_FOUND.
 */
export function getPublicCertificate(code: string, signal?: AbortSignal): Promise<PublicCertificate> {
  return apiRequest<PublicCertificate>(`/certificates/${encodeURIComponent(code)}`, {
    signal,
    authenticated: false,
  });
}

export function getPublicCertificateQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['certificates', code],
    queryFn: ({ signal }) => getPublicCertificate(code, signal),
    // A code refused as unknown (a malformed one too) stays so; other failures are tried once more.
    retry: retryOnceUnless('CERTIFICATE_NOT_FOUND'),
    // A certificate never changes once issued.
    staleTime: Infinity,
  });
}

export function usePublicCertificate(code: string) {
  return useQuery(getPublicCertificateQueryOptions(code));
}
