import { describe, expect, it } from 'vitest';
import { formatReviewDate } from './review-date';

describe('formatReviewDate', () => {
  it('writes the date the Kenyan way: day, short month, year', () => {
    expect(formatReviewDate('2026-11-21T10:00:00.000Z')).toBe('21 Nov 2026');
    expect(formatReviewDate('2027-01-05T09:30:00.000Z')).toBe('5 Jan 2027');
  });
});
