import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationQueue, SuspendUserInput, UserSuspended } from '@sokoni/contracts/moderation';
import { apiRequest } from '@/lib/api-client';
import { MODERATION_QUEUE_KEY, refreshOutsideAdmin } from './get-moderation-queue';

type Suspension = SuspendUserInput & { userId: string };

/** POST /admin/users/{id}/suspend: the account can no longer sign in, and its listings are hidden. */
export function suspendUser({ userId, reason }: Suspension): Promise<UserSuspended> {
  return apiRequest<UserSuspended>(`/admin/users/${encodeURIComponent(userId)}/suspend`, {
    method: 'POST',
    body: { reason },
  });
}

export function useSuspendUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendUser,
    // Every case of theirs on screen shows them suspended.
    onSuccess: (_answer, { userId }) => {
      queryClient.setQueryData<ModerationQueue>(MODERATION_QUEUE_KEY, (queue) =>
        queue
          ? {
              items: queue.items.map((item) =>
                item.owner.id === userId ? { ...item, owner: { ...item.owner, suspended: true } } : item,
              ),
            }
          : queue,
      );
      void refreshOutsideAdmin(queryClient);
    },
  });
}
