import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@sokoni/contracts/courses';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

export const coursePath = (id: string) => `/courses/${encodeURIComponent(id)}`;

/**
 * GET /courses/{id}: the course's facts, objectives, instructor and lesson outline, the same for
 * everyone; only the first lesson (the preview) carries its content.
 */
export function getCourse(id: string, signal?: AbortSignal): Promise<Course> {
  return apiRequest<Course>(coursePath(id), { signal });
}

export const courseQueryKey = (id: string) => [...COURSES_QUERY_KEY, 'detail', id] as const;

export function getCourseQueryOptions(id: string) {
  return queryOptions({
    queryKey: courseQueryKey(id),
    queryFn: ({ signal }) => getCourse(id, signal),
    retry: retryOnceUnless('COURSE_NOT_FOUND'),
  });
}

export function useCourse(id: string) {
  return useQuery(getCourseQueryOptions(id));
}
