import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StayAvailability } from '@sokoni/contracts/stays';
import { apiRequest } from '@/lib/api-client';
import { stayPath } from './get-stay';

/**
 * GET /stays/{id}/availability: the nights taken as the signed-in guest sees them. Their own
 * bookings awaiting payment are not counted: booking those nights again supersedes them (#26).
 */
export function getStayAvailability(id: string, signal?: AbortSignal): Promise<StayAvailability> {
  return apiRequest<StayAvailability>(`${stayPath(id)}/availability`, { signal });
}

/** Under the stay's own key, so whatever refreshes a stay's nights refreshes these too; one per guest. */
export const stayAvailabilityQueryKey = (id: string, guestId: string) =>
  ['stays', 'detail', id, 'availability', guestId] as const;

/** For a signed-in guest (`guestId`); a visitor sees the nights as the stay itself gives them. */
export function useStayAvailability(id: string, guestId: string | null) {
  return useQuery({
    ...queryOptions({
      queryKey: stayAvailabilityQueryKey(id, guestId ?? ''),
      queryFn: ({ signal }) => getStayAvailability(id, signal),
    }),
    enabled: guestId !== null,
  });
}
