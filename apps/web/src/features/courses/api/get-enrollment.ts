import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Enrollment } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/** GET /courses/{id}/enrollment: the caller's standing in the course (not enrolled: enrolled false). */
export function getEnrollment(courseId: string, signal?: AbortSignal): Promise<Enrollment> {
  return apiRequest<Enrollment>(`/courses/${encodeURIComponent(courseId)}/enrollment`, { signal });
}

export const enrollmentQueryKey = (courseId: string) =>
  [...COURSES_QUERY_KEY, 'enrollment', courseId] as const;

export function getEnrollmentQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: enrollmentQueryKey(courseId),
    queryFn: ({ signal }) => getEnrollment(courseId, signal),
  });
}

/** For a signed-in user only: a visitor has no standing to ask about. */
export function useEnrollment(courseId: string) {
  return useQuery(getEnrollmentQueryOptions(courseId));
}
