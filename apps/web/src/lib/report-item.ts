import { useMutation } from '@tanstack/react-query';
import type { ReportCreated, ReportInput } from '@sokoni/contracts/moderation';
import { apiRequest } from './api-client';

/**
 * POST /reports (#28): a signed-in user reports a listing, a post or a review. Products, stays,
 * events, courses, threads, replies and reviews all offer it, through the shared Report button.
 */
export function reportItem(input: ReportInput): Promise<ReportCreated> {
  return apiRequest<ReportCreated>('/reports', { method: 'POST', body: input });
}

export function useReportItem() {
  return useMutation({ mutationFn: reportItem });
}
