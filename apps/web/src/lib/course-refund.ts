import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelResult } from '@sokoni/contracts/cancellations';
import { apiRequest } from './api-client';
import { COURSES_QUERY_KEY } from './query-keys';

/**
 * POST /courses/{id}/refund: a learner gives up their place in a paid course while still eligible
 * (#27: within the refund window, under the progress limit) and is refunded. The course page and the
 * classroom both offer it.
 */
export function askCourseRefund(courseId: string): Promise<CancelResult> {
  return apiRequest<CancelResult>(`/courses/${encodeURIComponent(courseId)}/refund`, { method: 'POST' });
}

export function useCourseRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askCourseRefund,
    // The learner is no longer enrolled: the course page, My Courses and the classroom all change. Not
    // waited for: the classroom is left at once, before it would refresh into a refusal.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
  });
}
