import { describe, expect, it } from 'vitest';
import {
  STAY_BLOCK_MAX_NIGHTS,
  STAY_BLOCK_NOTE_MAX_LENGTH,
  STAY_MESSAGES,
  addDays,
} from '@sokoni/contracts/stays-rules';
import { BLOCK_MESSAGES, blockRequest } from './block-dates';
import { lastNightOf, nightsRange } from './calendar-days';

const TODAY = '2026-03-10';

describe('block request', () => {
  it('closes the nights first to last: the end date is the morning after the last night', () => {
    expect(blockRequest({ first: '2026-03-12', last: '2026-03-14', note: ' Painting ' }, TODAY)).toEqual({
      body: { startDate: '2026-03-12', endDate: '2026-03-15', note: 'Painting' },
      problem: null,
    });
    expect(blockRequest({ first: TODAY, last: TODAY, note: '' }, TODAY).body).toEqual({
      startDate: TODAY,
      endDate: '2026-03-11',
      note: '',
    });
  });

  it("refuses with the contract's messages, and a last night before the first", () => {
    const problem = (first: string, last: string, note = '') =>
      blockRequest({ first, last, note }, TODAY).problem;
    expect(problem('', '2026-03-12')).toBe(STAY_MESSAGES.datesRequired);
    expect(problem('2026-03-12', '')).toBe(STAY_MESSAGES.datesRequired);
    expect(problem('2026-03-12', '2026-03-11')).toBe(BLOCK_MESSAGES.lastBeforeFirst);
    expect(problem('2026-03-09', '2026-03-12')).toBe(STAY_MESSAGES.checkInPast);
    expect(problem(TODAY, addDays(TODAY, STAY_BLOCK_MAX_NIGHTS - 1))).toBeNull();
    expect(problem(TODAY, addDays(TODAY, STAY_BLOCK_MAX_NIGHTS))).toBe(STAY_MESSAGES.blockTooLong);
    expect(problem(TODAY, TODAY, 'x'.repeat(STAY_BLOCK_NOTE_MAX_LENGTH + 1))).toBe(
      STAY_MESSAGES.blockNoteTooLong,
    );
  });
});

describe('nights on the calendar', () => {
  it('marks first night to last, check-out day free; a same-day stay takes its one night', () => {
    expect(lastNightOf({ startDate: '2026-12-30', endDate: '2027-01-02' })).toBe('2027-01-01');
    expect(lastNightOf({ startDate: '2026-12-30', endDate: '2026-12-30' })).toBe('2026-12-30');
    const range = nightsRange({ startDate: '2026-12-30', endDate: '2027-01-02' });
    expect([
      range.from?.getDate(),
      range.from?.getMonth(),
      range.to?.getDate(),
      range.to?.getMonth(),
    ]).toEqual([30, 11, 1, 0]);
  });
});
