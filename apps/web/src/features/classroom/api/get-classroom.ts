import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Classroom } from '@sokoni/contracts/courses';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';
import { COURSES_QUERY_KEY, classroomQueryKey } from '@/lib/query-keys';

/**
 * GET /courses/{id}/classroom: the course with every released lesson's content and the caller's
 * standing in it (enrolled learners and the instructor; 403 for anyone else).
 */
export function getClassroom(courseId: string, signal?: AbortSignal): Promise<Classroom> {
  return apiRequest<Classroom>(`/courses/${encodeURIComponent(courseId)}/classroom`, { signal });
}

export function getClassroomQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: classroomQueryKey(courseId),
    queryFn: ({ signal }) => getClassroom(courseId, signal),
    retry: retryOnceUnless('COURSE_NOT_FOUND', 'NOT_ENROLLED'),
  });
}

export function useClassroom(courseId: string) {
  return useQuery(getClassroomQueryOptions(courseId));
}

/**
 * After a change the classroom already holds (its cache is set from the answer), the other course
 * views refresh: My Courses, the course page, the catalogue, the dashboard. The classroom itself is
 * left alone, so a refetch cannot undo a lesson the learner has just marked done.
 */
export function refreshOtherCourseViews(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: COURSES_QUERY_KEY,
    predicate: (query) => query.queryKey[1] !== 'classroom',
  });
}
