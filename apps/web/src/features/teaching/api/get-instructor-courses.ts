import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstructorCourse } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/** GET /instructor/courses: the signed-in instructor's courses with their enrolments, completions and revenue. */
export function getInstructorCourses(signal?: AbortSignal): Promise<InstructorCourse[]> {
  return apiRequest<InstructorCourse[]>('/instructor/courses', { signal });
}

export function getInstructorCoursesQueryOptions() {
  return queryOptions({
    queryKey: [...COURSES_QUERY_KEY, 'instructor'],
    queryFn: ({ signal }) => getInstructorCourses(signal),
    // Learners enrol and finish while the instructor is away: coming back shows the latest figures.
    staleTime: 0,
  });
}

export function useInstructorCourses() {
  return useQuery(getInstructorCoursesQueryOptions());
}
