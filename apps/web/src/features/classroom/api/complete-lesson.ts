import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Classroom, Enrollment } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { classroomQueryKey } from '@/lib/query-keys';
import { useCourseProgressStore } from '@/stores/course-progress';
import { refreshOtherCourseViews } from './get-classroom';

/** POST /courses/{id}/lessons/{lessonId}/complete: idempotent, never undone; answers the learner's standing after it. */
export function completeLesson(courseId: string, lessonId: string): Promise<Enrollment> {
  return apiRequest<Enrollment>(
    `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/complete`,
    { method: 'POST' },
  );
}

/**
 * Marks the lesson done in the progress store at once (the learner sees it before the server
 * answers); the server's answer then replaces the store's list, on success and on failure alike.
 */
export function useCompleteLesson(courseId: string) {
  const queryClient = useQueryClient();
  const key = classroomQueryKey(courseId);
  const progress = useCourseProgressStore.getState;
  return useMutation({
    mutationFn: (lessonId: string) => completeLesson(courseId, lessonId),
    onMutate: (lessonId) => progress().markComplete(courseId, lessonId),
    onSuccess: (enrollment) => {
      queryClient.setQueryData<Classroom>(key, (classroom) => classroom && { ...classroom, enrollment });
      progress().replace(courseId, enrollment.completedLessonIds);
      return refreshOtherCourseViews(queryClient);
    },
    onError: () => {
      const known = queryClient.getQueryData<Classroom>(key)?.enrollment.completedLessonIds ?? [];
      progress().replace(courseId, known);
    },
  });
}
