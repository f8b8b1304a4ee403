import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isAlreadyVoted, upvoteErrorMessage } from './upvote-reply';

describe('upvote errors', () => {
  it("shows the server's 400 'Already voted' as the spec's already-upvoted text", () => {
    const error = new ApiError(400, { code: 'ALREADY_VOTED', message: 'Already voted' });
    expect(isAlreadyVoted(error)).toBe(true);
    expect(upvoteErrorMessage(error)).toBe('You have already upvoted this reply.');
  });

  it("shows the server's refusal of an upvote of one's own reply as it is", () => {
    const error = new ApiError(403, { code: 'OWN_REPLY', message: 'You cannot upvote your own reply.' });
    expect(isAlreadyVoted(error)).toBe(false);
    expect(upvoteErrorMessage(error)).toBe('You cannot upvote your own reply.');
  });

  it('shows any other failure as the generic upvote text', () => {
    for (const error of [
      new ApiError(404, { code: 'REPLY_NOT_FOUND', message: 'Reply not found.' }),
      new ApiError(400, { message: 'Already voted' }),
      new ApiError(500),
      new Error('offline'),
    ]) {
      expect(isAlreadyVoted(error)).toBe(false);
      expect(upvoteErrorMessage(error)).toBe('Already upvoted or an error occurred.');
    }
  });
});
