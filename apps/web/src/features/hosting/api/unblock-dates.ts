import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /stays/{id}/blocks/{blockId}: the host opens blocked nights again. */
export function unblockDates(stayId: string, blockId: string): Promise<void> {
  return apiRequest<void>(`/stays/${encodeURIComponent(stayId)}/blocks/${encodeURIComponent(blockId)}`, {
    method: 'DELETE',
  });
}

export function useUnblockDates(stayId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) => unblockDates(stayId, blockId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stays'] }),
  });
}
