import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LastCoursePayment } from '@sokoni/contracts/courses';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';
import { coursePath } from './get-course';

/**
 * GET /courses/{id}/last-payment: whether the signed-in learner's latest payment for the course
 * ended unpaid (#26: the course page says so and offers to pay again).
 */
export function getLastCoursePayment(id: string, signal?: AbortSignal): Promise<LastCoursePayment> {
  return apiRequest<LastCoursePayment>(`${coursePath(id)}/last-payment`, { signal });
}

export const lastCoursePaymentQueryKey = (id: string) => [...COURSES_QUERY_KEY, 'last-payment', id] as const;

export function useLastCoursePayment(id: string) {
  return useQuery(
    queryOptions({
      queryKey: lastCoursePaymentQueryKey(id),
      queryFn: ({ signal }) => getLastCoursePayment(id, signal),
    }),
  );
}
