import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockDatesInput, StayBlock } from '@sokoni/contracts/stays';
import { apiRequest } from '@/lib/api-client';

/** POST /stays/{id}/blocks: the host closes nights (409 when any of them is booked or blocked). */
export function blockDates(stayId: string, input: BlockDatesInput): Promise<StayBlock> {
  return apiRequest<StayBlock>(`/stays/${encodeURIComponent(stayId)}/blocks`, {
    method: 'POST',
    body: input,
  });
}

export function useBlockDates(stayId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlockDatesInput) => blockDates(stayId, input),
    // The nights are taken for guests too: the stay's calendar and search results change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stays'] }),
  });
}
