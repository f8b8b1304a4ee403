import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateThreadInput, ThreadSummary } from '@sokoni/contracts/community';
import { apiRequest } from '@/lib/api-client';

export function createThread(input: CreateThreadInput): Promise<ThreadSummary> {
  return apiRequest<ThreadSummary>('/community/threads', { method: 'POST', body: input });
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    // Every list of threads (the hub's pages, the home highlights) starts with the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community', 'threads'] }),
  });
}
