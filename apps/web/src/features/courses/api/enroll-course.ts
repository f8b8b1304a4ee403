import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Enrollment } from '@sokoni/contracts/courses';
import { apiRequest, hasCode } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';
import { courseQueryKey } from './get-course';
import { enrollmentQueryKey } from './get-enrollment';

/**
 * POST /courses/{id}/enroll: a free course enrols the caller at once (enrolling again is harmless).
 * A paid course is refused (PAYMENT_REQUIRED): it is joined by paying (the pay step).
 */
export function enrollCourse(courseId: string): Promise<Enrollment> {
  return apiRequest<Enrollment>(`/courses/${encodeURIComponent(courseId)}/enroll`, { method: 'POST' });
}

/** The learner's new standing is the answer; the course's figures and My Courses are asked for again. */
function showEnrollment(queryClient: QueryClient, enrollment: Enrollment) {
  const key = enrollmentQueryKey(enrollment.courseId);
  queryClient.setQueryData(key, enrollment);
  return queryClient.invalidateQueries({
    queryKey: COURSES_QUERY_KEY,
    predicate: (query) => query.queryKey[1] !== key[1] || query.queryKey[2] !== key[2],
  });
}

export function useEnrollCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollCourse,
    onSuccess: (enrollment) => showEnrollment(queryClient, enrollment),
    // Refused as paid: the course's price changed since the page was loaded; show the new one.
    onError: (error, courseId) => {
      if (hasCode(error, 'PAYMENT_REQUIRED')) {
        void queryClient.invalidateQueries({ queryKey: courseQueryKey(courseId) });
      }
    },
  });
}

/**
 * Pay & Enrol starts a payment from what the card shows, which may be stale (the price changed, the
 * learner paid in another tab): the course and the learner's standing are asked for again as it
 * starts, so a refusal (AMOUNT_MISMATCH, ALREADY_ENROLLED) comes with the card showing why.
 */
export function useRefreshCourseStanding(courseId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: courseQueryKey(courseId) });
    void queryClient.invalidateQueries({ queryKey: enrollmentQueryKey(courseId) });
  };
}
