import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course, CreateCourseInput } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/** POST /courses: the instructor is the caller. */
export function createCourse(input: CreateCourseInput): Promise<Course> {
  return apiRequest<Course>('/courses', { method: 'POST', body: input });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    // A new course belongs in the catalogue and on the dashboard.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
  });
}
