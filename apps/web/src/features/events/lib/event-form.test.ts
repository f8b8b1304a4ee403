import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { ApiError } from '@/lib/api-client';
import { EMPTY_EVENT_VALUES, nairobiIso, serverFieldErrors, toCreateEventBody } from './event-form';

describe('nairobiIso', () => {
  it('reads a datetime-local value as Nairobi time (UTC+3), whatever the device zone', () => {
    expect(nairobiIso('2099-11-20T18:30')).toBe('2099-11-20T18:30:00+03:00');
    expect(nairobiIso('2099-11-20T18:30:15')).toBe('2099-11-20T18:30:15+03:00');
    expect(Date.parse(nairobiIso('2099-11-20T18:30'))).toBe(Date.parse('2099-11-20T15:30:00Z'));
  });

  it('passes anything else on for the schema to refuse', () => {
    expect(nairobiIso('')).toBe('');
    expect(nairobiIso('tomorrow')).toBe('tomorrow');
  });
});

describe('toCreateEventBody', () => {
  it('sends an empty price or number of tickets as 0, and typed ones as numbers', () => {
    expect(toCreateEventBody(EMPTY_EVENT_VALUES)).toMatchObject({ price: 0, ticketsAvailable: 0 });
    expect(
      toCreateEventBody({ ...EMPTY_EVENT_VALUES, price: '1,500.50', ticketsAvailable: ' 200 ' }),
    ).toMatchObject({ price: 1500.5, ticketsAvailable: 200 });
  });
});

describe('serverFieldErrors', () => {
  it("puts the server's issues and its coded date and image refusals beside their fields", () => {
    expect(
      serverFieldErrors(
        new ApiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          issues: [{ path: 'title', message: EVENT_MESSAGES.titleRequired }],
        }),
      ),
    ).toEqual({ title: EVENT_MESSAGES.titleRequired });
    expect(
      serverFieldErrors(new ApiError(400, { code: 'EVENT_DATE_PAST', message: EVENT_MESSAGES.datePast })),
    ).toEqual({
      date: EVENT_MESSAGES.datePast,
    });
    expect(
      serverFieldErrors(new ApiError(400, { code: 'FOREIGN_IMAGE', message: EVENT_MESSAGES.foreignImage })),
    ).toEqual({
      image: EVENT_MESSAGES.foreignImage,
    });
    expect(serverFieldErrors(new ApiError(500, { code: 'INTERNAL_ERROR', message: 'Down' }))).toEqual({});
    expect(serverFieldErrors(new Error('Network error'))).toEqual({});
  });
});
