import { beforeEach, describe, expect, it } from 'vitest';
import { VOTED_REPLIES_STORAGE_KEY, useVotedRepliesStore } from './voted-replies';

describe('voted replies store', () => {
  beforeEach(() => {
    localStorage.clear();
    useVotedRepliesStore.setState({ replyIds: [] });
  });

  it('remembers each voted reply once, in local storage', () => {
    const { markVoted } = useVotedRepliesStore.getState();
    markVoted('reply-1');
    markVoted('reply-2');
    markVoted('reply-1');
    expect(useVotedRepliesStore.getState().replyIds).toEqual(['reply-1', 'reply-2']);
    const stored = JSON.parse(localStorage.getItem(VOTED_REPLIES_STORAGE_KEY) ?? '{}') as {
      state?: { replyIds?: string[] };
    };
    expect(stored.state?.replyIds).toEqual(['reply-1', 'reply-2']);
  });
});
