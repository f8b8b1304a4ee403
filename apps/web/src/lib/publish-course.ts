import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '@sokoni/contracts/courses';
import { apiRequest } from './api-client';
import { COURSES_QUERY_KEY } from './query-keys';

/**
 * POST /courses/{id}/publish: the instructor publishes their draft once it has a lesson (#28). The
 * course page and the Instructor Dashboard both offer it.
 */
export function publishCourse(courseId: string): Promise<Course> {
  return apiRequest<Course>(`/courses/${encodeURIComponent(courseId)}/publish`, { method: 'POST' });
}

export function usePublishCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishCourse,
    // The course joins the catalogue: its page, the dashboard and the lists all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
  });
}
