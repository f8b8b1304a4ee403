import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStayInput, Stay } from '@sokoni/contracts/stays';
import { apiRequest } from '@/lib/api-client';

/** POST /stays: the host is the caller. */
export function createStay(input: CreateStayInput): Promise<Stay> {
  return apiRequest<Stay>('/stays', { method: 'POST', body: input });
}

export function useCreateStay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStay,
    // A new listing belongs in the stays list and on 'Your Listings'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stays'] }),
  });
}
