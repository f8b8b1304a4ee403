import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Stay, UpdateStayInput } from '@sokoni/contracts/stays';
import { apiRequest } from '@/lib/api-client';

/** PUT /stays/{id}: the listing's host only (403 for anyone else). */
export function updateStay(id: string, input: UpdateStayInput): Promise<Stay> {
  return apiRequest<Stay>(`/stays/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateStay(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateStayInput) => updateStay(id, input),
    // The listing shows on its page, in the stays list and on 'Your Listings'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stays'] }),
  });
}
