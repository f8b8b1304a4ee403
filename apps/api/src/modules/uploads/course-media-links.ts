import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';

/** Where lesson files are served: only GET /course-media/:file, with a signed link. */
export const COURSE_MEDIA_URL_PREFIX = '/api/course-media/';

/**
 * How long a signed lesson file stays openable: a long lecture watched with pauses, or a PDF left
 * open in a tab, must not stop half-way, yet a link copied out of the classroom should die the same
 * day. Six hours does both; the classroom gets fresh links each time it is loaded.
 */
export const COURSE_MEDIA_LINK_HOURS = 6;
/**
 * Expiries are rounded up to the hour, so a lesson keeps one address for an hour and the browser's
 * cache (and a half-watched video's ranges) holds across page loads. A link lasts 6 to 7 hours.
 */
const EXPIRY_STEP_SECONDS = 60 * 60;

export type CourseMediaLinks = {
  /** `/api/course-media/<file>` → the same path with `?expires=<unix seconds>&signature=` appended. */
  sign(path: string): string;
  /**
   * Whether `signature` is the one `sign` gave `/api/course-media/<file>` with this expiry, and the
   * expiry has not passed. `file` is the path's last part, as GET /course-media/:file receives it.
   */
  verify(file: string, expires: number, signature: string): boolean;
};

/** Signs lesson files' addresses with an HMAC-SHA256 of the path and the expiry. */
export function createCourseMediaLinks(deps: { secret: string; clock: Clock }): CourseMediaLinks {
  const { secret, clock } = deps;
  const signatureOf = (path: string, expires: number) =>
    createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');

  return {
    sign(path) {
      const earliest = Math.floor(clock.now() / 1000) + COURSE_MEDIA_LINK_HOURS * 3600;
      const expires = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      return `${path}?expires=${expires}&signature=${signatureOf(path, expires)}`;
    },

    verify(file, expires, signature) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= clock.now()) return false;
      // Compared as text, not decoded: decoding ignores stray characters and the last character's
      // spare bits, so other spellings of the right bytes would pass.
      const expected = Buffer.from(signatureOf(`${COURSE_MEDIA_URL_PREFIX}${file}`, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
