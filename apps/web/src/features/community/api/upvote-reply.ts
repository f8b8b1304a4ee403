import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ThreadDetail } from '@sokoni/contracts/community';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { apiRequest, errorMessage, hasCode } from '@/lib/api-client';
import { useVotedRepliesStore } from '@/stores/voted-replies';

export type UpvoteAnswer = { replyId: string; upvotes: number };

export function upvoteReply(replyId: string): Promise<UpvoteAnswer> {
  return apiRequest<UpvoteAnswer>(`/community/replies/${encodeURIComponent(replyId)}/upvote`, {
    method: 'POST',
  });
}

/** The server's 'Already voted' (ALREADY_VOTED): the vote was counted before (spec §8). */
export function isAlreadyVoted(error: unknown): boolean {
  return hasCode(error, 'ALREADY_VOTED');
}

/**
 * Spec §8: the text shown next to the button after a failed upvote; the server's own when it
 * refused an upvote of the voter's own reply.
 */
export function upvoteErrorMessage(error: unknown): string {
  if (isAlreadyVoted(error)) return COMMUNITY_MESSAGES.alreadyUpvotedShown;
  if (hasCode(error, 'OWN_REPLY')) {
    return errorMessage(error, COMMUNITY_MESSAGES.ownReply);
  }
  return COMMUNITY_MESSAGES.upvoteFailed;
}

export function useUpvoteReply(threadId: string) {
  const queryClient = useQueryClient();
  const markVoted = useVotedRepliesStore((state) => state.markVoted);
  return useMutation({
    mutationFn: upvoteReply,
    onSuccess: ({ replyId, upvotes }) => {
      markVoted(replyId);
      // The server's count replaces ours at once, in every cached copy of this thread.
      queryClient.setQueriesData<ThreadDetail>(
        { queryKey: ['community', 'threads', 'detail', threadId] },
        (thread) =>
          thread && {
            ...thread,
            replies: thread.replies.map((reply) => (reply.id === replyId ? { ...reply, upvotes } : reply)),
            votedReplyIds: [...new Set([...thread.votedReplyIds, replyId])],
          },
      );
    },
    onError: (error, replyId) => {
      if (isAlreadyVoted(error)) markVoted(replyId);
    },
  });
}
