import { describe, expect, it } from 'vitest';
import { createClock, nairobiDate } from './clock.js';

describe('the clock', () => {
  it('answers the time it is set to', () => {
    let time = Date.parse('2026-11-24T09:00:00Z');
    const clock = createClock(() => time);
    expect(clock.now()).toBe(time);
    time += 60_000;
    expect(clock.now()).toBe(Date.parse('2026-11-24T09:01:00Z'));
  });

  it("says today's date in Kenya, three hours ahead of UTC, all year", () => {
    expect(nairobiDate(Date.parse('2026-11-24T20:59:59Z'))).toBe('2026-11-24');
    expect(nairobiDate(Date.parse('2026-11-24T21:00:00Z'))).toBe('2026-11-25');
    expect(nairobiDate(Date.parse('2026-06-30T21:30:00Z'))).toBe('2026-07-01');
    expect(createClock(() => Date.parse('2026-12-31T22:00:00Z')).today()).toBe('2027-01-01');
  });
});
