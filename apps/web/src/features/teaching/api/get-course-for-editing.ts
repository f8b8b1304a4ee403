import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Classroom } from '@sokoni/contracts/courses';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';
import { classroomQueryKey } from '@/lib/query-keys';

/**
 * GET /courses/{id}/classroom: for the course's instructor, the course with every lesson's content
 * (GET /courses/{id} carries only the preview's), and `enrollment.instructor` saying they teach it.
 * Anyone else not enrolled is refused (403); an enrolled learner is answered, not as instructor.
 */
export function getCourseForEditing(courseId: string, signal?: AbortSignal): Promise<Classroom> {
  return apiRequest<Classroom>(`/courses/${encodeURIComponent(courseId)}/classroom`, { signal });
}

export function getCourseForEditingQueryOptions(courseId: string) {
  return queryOptions({
    // The classroom's own key: a lesson saved here shows in the classroom, and the other way round.
    queryKey: classroomQueryKey(courseId),
    queryFn: ({ signal }) => getCourseForEditing(courseId, signal),
    retry: retryOnceUnless('COURSE_NOT_FOUND', 'NOT_ENROLLED'),
  });
}

export function useCourseForEditing(courseId: string) {
  return useQuery(getCourseForEditingQueryOptions(courseId));
}
