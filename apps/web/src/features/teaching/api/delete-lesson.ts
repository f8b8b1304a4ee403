import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/** DELETE /courses/{id}/lessons/{lessonId}: its instructor only; the lessons after it move up one. */
export function deleteLesson(courseId: string, lessonId: string): Promise<void> {
  return apiRequest<void>(
    `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`,
    {
      method: 'DELETE',
    },
  );
}

export function useDeleteLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => deleteLesson(courseId, lessonId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
  });
}
