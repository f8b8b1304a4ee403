import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGroupInput, Group } from '@sokoni/contracts/community';
import { apiRequest } from '@/lib/api-client';
import { groupsQueryKey } from './get-groups';

export function createGroup(input: CreateGroupInput): Promise<Group> {
  return apiRequest<Group>('/community/groups', { method: 'POST', body: input });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
