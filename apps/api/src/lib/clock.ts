/**
 * Business time. Every service reads "now" and "today in Kenya" from the app's one clock, so a test
 * sets the time for all of them at once (buildApp's `now` option) and no rule reads the machine's
 * clock behind its back.
 */
export type Clock = {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Today's date in Kenya (Africa/Nairobi: UTC+3 all year, no daylight saving), as YYYY-MM-DD. */
  today(): string;
};

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The date in Kenya at the moment `ms`, as YYYY-MM-DD. */
export const nairobiDate = (ms: number): string =>
  new Date(ms + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);

export function createClock(now: () => number = Date.now): Clock {
  return { now, today: () => nairobiDate(now()) };
}

export const systemClock: Clock = createClock();
