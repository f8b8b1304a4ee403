import { describe, expect, it } from 'vitest';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { checkAvailability, isDayUnavailable, selectDay, stayPriceLine, takenNightsOf } from './stay-booking';

const TODAY = '2026-03-10';
/** Another guest's 12 → 15 March: the nights of the 12th, 13th and 14th. */
const BOOKED = [{ startDate: '2026-03-12', endDate: '2026-03-15' }];
const taken = takenNightsOf(BOOKED);
const dates = (startDate: string | null, endDate: string | null) => ({ startDate, endDate });

describe('checking availability', () => {
  it("applies the stay date rules first, with the spec's messages", () => {
    expect(checkAvailability(dates(null, null), BOOKED, TODAY)).toEqual({
      status: 'invalid',
      message: STAY_MESSAGES.datesRequired,
    });
    expect(checkAvailability(dates('2026-03-20', null), BOOKED, TODAY).message).toBe(
      'Please select both check-in and check-out dates.',
    );
    expect(checkAvailability(dates('2026-03-09', '2026-03-11'), BOOKED, TODAY).message).toBe(
      'Check-in date cannot be in the past.',
    );
    expect(checkAvailability(dates('2026-03-22', '2026-03-20'), BOOKED, TODAY).message).toBe(
      'Check-out date must be the same day or after check-in date.',
    );
    expect(checkAvailability(dates('2026-04-01', '2026-05-02'), BOOKED, TODAY).message).toBe(
      'Maximum stay duration is 30 days.',
    );
  });

  it('says booked when any night overlaps, inside or straddling', () => {
    for (const [start, end] of [
      ['2026-03-13', '2026-03-14'],
      ['2026-03-11', '2026-03-13'],
      ['2026-03-14', '2026-03-18'],
      ['2026-03-10', '2026-03-20'],
      ['2026-03-12', '2026-03-12'],
    ] as const) {
      expect(checkAvailability(dates(start, end), BOOKED, TODAY)).toEqual({
        status: 'booked',
        message: 'Sorry, those dates are already booked.',
      });
    }
  });

  it('says available when the stay only touches a booking: out on its check-in day, or in on its check-out day', () => {
    for (const [start, end] of [
      ['2026-03-10', '2026-03-12'],
      ['2026-03-15', '2026-03-17'],
      ['2026-03-10', '2026-03-10'],
    ] as const) {
      expect(checkAvailability(dates(start, end), BOOKED, TODAY)).toEqual({
        status: 'available',
        message: 'This stay is available for your selected dates!',
      });
    }
  });
});

describe('choosing days on the calendar', () => {
  it('greys out past days and taken nights, not the check-out day of a booking', () => {
    const none = dates(null, null);
    expect(isDayUnavailable('2026-03-09', none, taken, TODAY)).toBe(true);
    expect(isDayUnavailable('2026-03-10', none, taken, TODAY)).toBe(false);
    expect(
      ['2026-03-12', '2026-03-13', '2026-03-14'].map((day) => isDayUnavailable(day, none, taken, TODAY)),
    ).toEqual([true, true, true]);
    expect(isDayUnavailable('2026-03-15', none, taken, TODAY)).toBe(false);
  });

  it("lets a guest who checks in before a booking check out on that booking's check-in day, and no later taken night", () => {
    const checkIn = dates('2026-03-10', null);
    expect(isDayUnavailable('2026-03-12', checkIn, taken, TODAY)).toBe(false);
    expect(isDayUnavailable('2026-03-13', checkIn, taken, TODAY)).toBe(true);
    expect(selectDay(checkIn, '2026-03-12', taken)).toEqual(dates('2026-03-10', '2026-03-12'));
  });

  it('picks check-in, then check-out; a day before the check-in, or any day after both, starts again', () => {
    expect(selectDay(dates(null, null), '2026-03-20', taken)).toEqual(dates('2026-03-20', null));
    expect(selectDay(dates('2026-03-20', null), '2026-03-20', taken)).toEqual(
      dates('2026-03-20', '2026-03-20'),
    );
    expect(selectDay(dates('2026-03-20', null), '2026-03-18', taken)).toEqual(dates('2026-03-18', null));
    expect(selectDay(dates('2026-03-18', '2026-03-20'), '2026-03-25', taken)).toEqual(
      dates('2026-03-25', null),
    );
  });

  it('never makes a taken night the check-in', () => {
    const stay = dates('2026-03-10', '2026-03-12');
    expect(selectDay(stay, '2026-03-12', taken)).toBe(stay);
  });
});

describe('the price line', () => {
  it('shows nights × price = total, a same-day stay as one night', () => {
    expect(stayPriceLine(4500, '2026-03-20', '2026-03-23')).toBe('3 nights × KES 4,500 = KES 13,500');
    expect(stayPriceLine(4500, '2026-03-20', '2026-03-20')).toBe('1 night × KES 4,500 = KES 4,500');
    expect(stayPriceLine(2999.5, '2026-03-20', '2026-03-22')).toBe('2 nights × KES 3,000 = KES 5,999');
  });
});
