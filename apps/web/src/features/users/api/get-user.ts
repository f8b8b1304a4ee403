import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@sokoni/contracts/auth';
import { apiRequest } from '@/lib/api-client';

export function getUser(id: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiRequest<UserProfile>(`/users/${encodeURIComponent(id)}`, { signal });
}

export function getUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['users', id],
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: string | undefined) {
  return useQuery({ ...getUserQueryOptions(id ?? ''), enabled: Boolean(id) });
}
