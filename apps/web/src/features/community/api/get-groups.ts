import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@sokoni/contracts/community';
import { apiRequest } from '@/lib/api-client';

export const groupsQueryKey = ['community', 'groups'] as const;

export function getGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiRequest<Group[]>('/community/groups', { signal });
}

export function getGroupsQueryOptions() {
  return queryOptions({ queryKey: groupsQueryKey, queryFn: ({ signal }) => getGroups(signal) });
}

export function useGroups() {
  return useQuery(getGroupsQueryOptions());
}
