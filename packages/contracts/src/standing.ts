/**
 * How long an account counts as new. Throwaway accounts are made in seconds, so what one account
 * may hold, claim, upload or weigh in trending is smaller while it is new (docs/decisions/0015).
 */
export const YOUNG_ACCOUNT_DAYS = 7;
export const YOUNG_ACCOUNT_MS = YOUNG_ACCOUNT_DAYS * 24 * 60 * 60 * 1000;

/** An account made less than YOUNG_ACCOUNT_DAYS before `now`. */
export const isYoungAccount = (createdAt: Date, now: number): boolean =>
  now - createdAt.getTime() < YOUNG_ACCOUNT_MS;
