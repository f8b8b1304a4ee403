import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StayReview } from '@sokoni/contracts/stays';
import { apiRequest } from '@/lib/api-client';

type CreateStayReviewArgs = { stayId: string; rating: number; comment: string };

/** POST /stays/{id}/reviews: only a guest whose stay there is over may review it (the server checks). */
export function createStayReview({ stayId, ...review }: CreateStayReviewArgs): Promise<StayReview> {
  return apiRequest<StayReview>(`/stays/${encodeURIComponent(stayId)}/reviews`, {
    method: 'POST',
    body: review,
  });
}

export function useCreateStayReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStayReview,
    // A review changes the stay's reviews and rating, on its page and in the list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stays'] }),
  });
}
