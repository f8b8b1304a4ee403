import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Classroom, CourseRating, RateCourseInput } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { classroomQueryKey } from '@/lib/query-keys';
import { refreshOtherCourseViews } from './get-classroom';

/** POST /courses/{id}/rating: an enrolled learner's stars; a second rating replaces the first. */
export function rateCourse(courseId: string, input: RateCourseInput): Promise<CourseRating> {
  return apiRequest<CourseRating>(`/courses/${encodeURIComponent(courseId)}/rating`, {
    method: 'POST',
    body: input,
  });
}

export function useRateCourse(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => rateCourse(courseId, { rating }),
    onSuccess: (answer) => {
      queryClient.setQueryData<Classroom>(
        classroomQueryKey(courseId),
        (classroom) =>
          classroom && {
            course: { ...classroom.course, rating: answer.rating, ratingCount: answer.ratingCount },
            enrollment: { ...classroom.enrollment, rating: answer.yourRating },
          },
      );
      return refreshOtherCourseViews(queryClient);
    },
  });
}
