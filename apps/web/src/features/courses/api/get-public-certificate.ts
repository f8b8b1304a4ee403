import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Certificate } from '@sokoni/contracts/courses';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * GET /certificates/{code}: anyone may check a certificate by its code (an employer reading a CV);
 * a code no certificate has is a 404.
 */
export function getPublicCertificate(code: string, signal?: AbortSignal): Promise<Certificate> {
  return apiRequest<Certificate>(`/certificates/${encodeURIComponent(code)}`, {
    signal,
    authenticated: false,
  });
}

export function getPublicCertificateQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['certificates', code],
    queryFn: ({ signal }) => getPublicCertificate(code, signal),
    // A code refused as unknown (404) or malformed (400) stays so; other failures are tried once more.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && failureCount < 1,
    // A certificate never changes once issued.
    staleTime: Infinity,
  });
}

export function usePublicCertificate(code: string) {
  return useQuery(getPublicCertificateQueryOptions(code));
}
