import { describe, expect, it } from 'vitest';
import type { Trip } from '@sokoni/contracts/stays';
import { isPastTrip, tripSections } from './trip-sections';

/** 2026-03-10 00:30 in Nairobi is still 2026-03-09 in UTC. */
const JUST_AFTER_NAIROBI_MIDNIGHT = Date.parse('2026-03-09T21:30:00Z');

const trip = (
  id: string,
  startDate: string,
  endDate: string,
  status: Trip['status'] = 'confirmed',
  createdAt = '2026-03-01T09:00:00.000Z',
  refundAmount: number | null = null,
) => ({ id, startDate, endDate, status, createdAt, refundAmount });

describe('trip sections', () => {
  it('counts a trip as past only once its check-out day is before Nairobi today', () => {
    expect(isPastTrip(trip('a', '2026-03-05', '2026-03-09'), '2026-03-10')).toBe(true);
    expect(isPastTrip(trip('b', '2026-03-05', '2026-03-10'), '2026-03-10')).toBe(false);
  });

  it("splits by Nairobi's date, upcoming soonest first and past most recent first", () => {
    const { upcoming, past } = tripSections(
      [
        trip('later', '2026-04-01', '2026-04-03'),
        trip('long-ago', '2025-12-20', '2025-12-27'),
        trip('checking-out-today', '2026-03-07', '2026-03-10'),
        trip('yesterday', '2026-03-08', '2026-03-09'),
        trip('soon', '2026-03-12', '2026-03-14'),
      ],
      JUST_AFTER_NAIROBI_MIDNIGHT,
    );
    expect(upcoming.map((item) => item.id)).toEqual(['checking-out-today', 'soon', 'later']);
    expect(past.map((item) => item.id)).toEqual(['yesterday', 'long-ago']);
  });

  it('sets the attempts that ended unpaid apart, the latest attempt first, whatever their dates', () => {
    const { upcoming, past, notCompleted } = tripSections(
      [
        trip('declined', '2026-04-01', '2026-04-03', 'expired', '2026-03-08T10:00:00Z'),
        trip('held', '2026-04-05', '2026-04-06', 'held'),
        trip('cancelled-long-ago', '2026-02-01', '2026-02-03', 'cancelled', '2026-01-20T10:00:00Z'),
        trip('abandoned', '2026-03-20', '2026-03-21', 'expired', '2026-03-09T10:00:00Z'),
      ],
      JUST_AFTER_NAIROBI_MIDNIGHT,
    );
    expect(upcoming.map((item) => item.id)).toEqual(['held']);
    expect(past).toEqual([]);
    expect(notCompleted.map((item) => item.id)).toEqual(['abandoned', 'declined', 'cancelled-long-ago']);
  });

  it('sets the paid stays the guest cancelled apart, soonest first, refunded or not (#27)', () => {
    const { upcoming, notCompleted, cancelled } = tripSections(
      [
        trip('strict-no-refund', '2026-04-10', '2026-04-12', 'cancelled', '2026-03-01T09:00:00Z', 0),
        trip('let-go-unpaid', '2026-04-01', '2026-04-03', 'cancelled'),
        trip('refunded', '2026-03-20', '2026-03-22', 'cancelled', '2026-03-01T09:00:00Z', 6500),
        trip('coming', '2026-03-15', '2026-03-16'),
      ],
      JUST_AFTER_NAIROBI_MIDNIGHT,
    );
    expect(upcoming.map((item) => item.id)).toEqual(['coming']);
    expect(notCompleted.map((item) => item.id)).toEqual(['let-go-unpaid']);
    expect(cancelled.map((item) => item.id)).toEqual(['refunded', 'strict-no-refund']);
  });
});
