import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Certificate } from '@sokoni/contracts/courses';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/**
 * GET /courses/{id}/certificate: the signed-in learner's certificate for the course, issued when
 * they completed its last lesson; 404 before that (or for an unknown course).
 */
export function getCertificate(courseId: string, signal?: AbortSignal): Promise<Certificate> {
  return apiRequest<Certificate>(`/courses/${encodeURIComponent(courseId)}/certificate`, { signal });
}

export function getCertificateQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: [...COURSES_QUERY_KEY, 'certificate', courseId],
    queryFn: ({ signal }) => getCertificate(courseId, signal),
    retry: retryOnceUnless('COURSE_NOT_FOUND', 'CERTIFICATE_NOT_FOUND'),
  });
}

export function useCertificate(courseId: string) {
  return useQuery(getCertificateQueryOptions(courseId));
}
