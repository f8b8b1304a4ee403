import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationCase, ModerationQueue, ResolveReportInput } from '@sokoni/contracts/moderation';
import { apiRequest } from '@/lib/api-client';
import { MODERATION_QUEUE_KEY, refreshOutsideAdmin } from './get-moderation-queue';

type Resolution = ResolveReportInput & { caseId: string };

/** POST /admin/reports/{caseId}/resolve: hide the item (with the reason its owner sees) or restore it. */
export function resolveReport({ caseId, ...decision }: Resolution): Promise<ModerationCase> {
  return apiRequest<ModerationCase>(`/admin/reports/${encodeURIComponent(caseId)}/resolve`, {
    method: 'POST',
    body: decision,
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    // The decided case stays where it was, as the server now has it (its state, the decision logged).
    onSuccess: (decided) => {
      queryClient.setQueryData<ModerationQueue>(MODERATION_QUEUE_KEY, (queue) =>
        queue ? { items: queue.items.map((item) => (item.id === decided.id ? decided : item)) } : queue,
      );
      void refreshOutsideAdmin(queryClient);
    },
  });
}
