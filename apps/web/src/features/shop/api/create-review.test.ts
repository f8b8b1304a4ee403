import { describe, expect, it } from 'vitest';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import { validateReview } from './create-review';

describe('validateReview', () => {
  it('asks for a rating when none is chosen', () => {
    expect(validateReview({ rating: null, comment: 'Nice' })).toBe(REVIEW_MESSAGES.ratingRange);
  });

  it('refuses ratings outside 1 to 5 and fractions', () => {
    for (const rating of [0, 6, -1, 2.5, Number.NaN]) {
      expect(validateReview({ rating, comment: '' })).toBe(REVIEW_MESSAGES.ratingRange);
    }
  });

  it('accepts every whole rating from 1 to 5 with no comment (the comment is optional)', () => {
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(validateReview({ rating, comment: '' })).toBeNull();
    }
  });

  it('refuses a comment longer than the server allows, counting it trimmed', () => {
    expect(validateReview({ rating: 4, comment: 'a'.repeat(REVIEW_COMMENT_MAX_LENGTH + 1) })).toBe(
      REVIEW_MESSAGES.commentTooLong,
    );
    expect(validateReview({ rating: 4, comment: ` ${'a'.repeat(REVIEW_COMMENT_MAX_LENGTH)} ` })).toBeNull();
  });
});
