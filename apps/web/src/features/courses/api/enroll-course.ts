import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { Course, Enrollment } from '@sokoni/contracts/courses';
import { apiRequest, hasCode } from '@/lib/api-client';
import { goToProvider, startPayment } from '@/lib/payment-flow';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';
import type { AuthUser } from '@/stores/auth';
import { courseQueryKey } from './get-course';
import { enrollmentQueryKey } from './get-enrollment';

/**
 * POST /courses/{id}/enroll: a free course enrols the caller at once (enrolling again is harmless).
 * A paid course is refused (PAYMENT_REQUIRED): it is joined by paying (payForCourse).
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

type PayForCourseArgs = { course: Pick<Course, 'id' | 'price'>; learner: Pick<AuthUser, 'id' | 'email'> };

/**
 * POST /payments/initialize for a course at the price shown (the server checks it against its
 * own); answers the provider's page to go to. The payment page then leads to the classroom.
 */
export function payForCourse({ course, learner }: PayForCourseArgs): Promise<string> {
  return startPayment({
    email: learner.email,
    amount: course.price,
    userId: learner.id,
    paymentType: 'course',
    courseId: course.id,
    callbackDetails: { courseId: course.id },
  });
}

/** Pay & Enrol: leaves for the provider once the payment has started. */
export function usePayForCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payForCourse,
    onSuccess: (authorizationUrl) => goToProvider(authorizationUrl),
    // A conflict means the page is stale: the price changed, or the learner is enrolled already
    // (paid in another tab). Ask for both again so the card shows what is true now.
    onError: (error, { course }) => {
      if (!hasCode(error, 'AMOUNT_MISMATCH', 'ALREADY_ENROLLED')) return;
      void queryClient.invalidateQueries({ queryKey: courseQueryKey(course.id) });
      void queryClient.invalidateQueries({ queryKey: enrollmentQueryKey(course.id) });
    },
  });
}
