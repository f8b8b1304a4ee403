import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyCourse } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/** GET /me/courses: the signed-in learner's courses, most recently enrolled first, each with its progress. */
export function getMyCourses(signal?: AbortSignal): Promise<MyCourse[]> {
  return apiRequest<MyCourse[]>('/me/courses', { signal });
}

export function getMyCoursesQueryOptions() {
  return queryOptions({
    queryKey: [...COURSES_QUERY_KEY, 'mine'],
    queryFn: ({ signal }) => getMyCourses(signal),
    // Progress is made in the classroom and a paid course is joined on the payment page: coming
    // back here shows it at once.
    staleTime: 0,
  });
}

export function useMyCourses() {
  return useQuery(getMyCoursesQueryOptions());
}
