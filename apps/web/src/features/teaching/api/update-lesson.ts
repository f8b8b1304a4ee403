import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lesson, UpdateLessonInput } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/**
 * PUT /courses/{id}/lessons/{lessonId}: the fields to change (its instructor only). A new position
 * moves the lessons in between by one.
 */
export function updateLesson(courseId: string, lessonId: string, input: UpdateLessonInput): Promise<Lesson> {
  return apiRequest<Lesson>(
    `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`,
    { method: 'PUT', body: input },
  );
}

export function useUpdateLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: string; input: UpdateLessonInput }) =>
      updateLesson(courseId, lessonId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
  });
}
