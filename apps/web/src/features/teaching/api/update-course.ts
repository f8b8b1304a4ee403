import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course, UpdateCourseInput } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/** PUT /courses/{id}: the course's instructor only (403 for anyone else). */
export function updateCourse(courseId: string, input: UpdateCourseInput): Promise<Course> {
  return apiRequest<Course>(`/courses/${encodeURIComponent(courseId)}`, { method: 'PUT', body: input });
}

export function useUpdateCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCourseInput) => updateCourse(courseId, input),
    // The course shows in the catalogue, on its page, in the classroom and on the dashboard.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
  });
}
