import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReplyInput, Reply } from '@sokoni/contracts/community';
import { apiRequest } from '@/lib/api-client';

export function createReply(input: CreateReplyInput): Promise<Reply> {
  return apiRequest<Reply>('/community/replies', { method: 'POST', body: input });
}

export function useCreateReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReply,
    // The thread refetches with the new reply; lists refresh their reply counts.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community', 'threads'] }),
  });
}
