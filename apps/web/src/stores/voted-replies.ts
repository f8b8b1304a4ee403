import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Spec §4 and §9: one upvote per reply per browser, remembered in local storage. */
type VotedRepliesState = {
  replyIds: string[];
  markVoted: (replyId: string) => void;
};

export const VOTED_REPLIES_STORAGE_KEY = 'voted-replies';

export const useVotedRepliesStore = create<VotedRepliesState>()(
  persist(
    (set) => ({
      replyIds: [],
      markVoted: (replyId) =>
        set(({ replyIds }) =>
          replyIds.includes(replyId) ? { replyIds } : { replyIds: [...replyIds, replyId] },
        ),
    }),
    {
      name: VOTED_REPLIES_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ replyIds: state.replyIds }),
    },
  ),
);
