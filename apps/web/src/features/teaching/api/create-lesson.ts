import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLessonInput, Lesson } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/** POST /courses/{id}/lessons: the course's instructor only; without a position the lesson goes last. */
export function createLesson(courseId: string, input: CreateLessonInput): Promise<Lesson> {
  return apiRequest<Lesson>(`/courses/${encodeURIComponent(courseId)}/lessons`, {
    method: 'POST',
    body: input,
  });
}

export function useCreateLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLessonInput) => createLesson(courseId, input),
    // The outline shows on the course page, in the classroom, the editor and the catalogue's durations.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
  });
}
