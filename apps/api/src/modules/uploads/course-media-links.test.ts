import { describe, expect, it } from 'vitest';
import { createClock } from '../../lib/clock.js';
import { COURSE_MEDIA_LINK_HOURS, createCourseMediaLinks } from './course-media-links.js';

const FILE = '0123456789abcdef0123456789abcdef.mp4';
const OTHER_FILE = 'fedcba9876543210fedcba9876543210.mp4';
const PATH = `/api/course-media/${FILE}`;
const HOUR_MS = 60 * 60 * 1000;
/** 2026-03-01 10:20:00 UTC. */
const NOW = Date.UTC(2026, 2, 1, 10, 20);

function linksAt(start: number, secret = 'a-secret') {
  let now = start;
  const links = createCourseMediaLinks({ secret, clock: createClock(() => now) });
  return { links, setNow: (ms: number) => (now = ms) };
}

function parse(signed: string) {
  const url = new URL(signed, 'https://sokoni.test');
  return {
    path: url.pathname,
    expires: Number(url.searchParams.get('expires')),
    signature: url.searchParams.get('signature') ?? '',
  };
}

describe('course media links', () => {
  it('signs the path with an expiry on the hour, a few hours ahead, and a base64url HMAC-SHA256', () => {
    const { links } = linksAt(NOW);
    const signed = parse(links.sign(PATH));
    expect(signed.path).toBe(PATH);
    // 10:20 + 6 h = 16:20, rounded up to 17:00.
    expect(signed.expires).toBe(Date.UTC(2026, 2, 1, 17) / 1000);
    expect(signed.expires * 1000 - NOW).toBeGreaterThanOrEqual(COURSE_MEDIA_LINK_HOURS * HOUR_MS);
    expect(signed.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.sign(PATH)).toBe(`${PATH}?expires=${signed.expires}&signature=${signed.signature}`);
  });

  it('gives the same lesson the same address within the hour, and a new one after', () => {
    const { links, setNow } = linksAt(NOW);
    const first = links.sign(PATH);
    setNow(NOW + 39 * 60 * 1000);
    expect(links.sign(PATH)).toBe(first);
    setNow(NOW + 41 * 60 * 1000);
    expect(links.sign(PATH)).not.toBe(first);
  });

  it('verifies its own signature until the expiry, and not from the expiry on', () => {
    const { links, setNow } = linksAt(NOW);
    const { expires, signature } = parse(links.sign(PATH));
    expect(links.verify(FILE, expires, signature)).toBe(true);
    setNow(expires * 1000 - 1);
    expect(links.verify(FILE, expires, signature)).toBe(true);
    setNow(expires * 1000);
    expect(links.verify(FILE, expires, signature)).toBe(false);
  });

  it("refuses another file's signature, a moved expiry, a changed signature and another secret's", () => {
    const { links } = linksAt(NOW);
    const { expires, signature } = parse(links.sign(PATH));
    expect(links.verify(OTHER_FILE, expires, signature)).toBe(false);
    expect(links.verify(FILE, expires + 3600, signature)).toBe(false);
    const last = signature.at(-1) === 'A' ? 'B' : 'A';
    // Changing the last character only touches bits base64url decoding drops: still refused.
    expect(links.verify(FILE, expires, `${signature.slice(0, -1)}${last}`)).toBe(false);
    expect(links.verify(FILE, expires, `${signature}=`)).toBe(false);
    expect(links.verify(FILE, expires, '')).toBe(false);
    const other = linksAt(NOW, 'another-secret').links;
    expect(other.verify(FILE, expires, signature)).toBe(false);
  });

  it('refuses an expiry that is not a whole number of seconds', () => {
    const { links } = linksAt(NOW);
    const { expires, signature } = parse(links.sign(PATH));
    expect(links.verify(FILE, expires + 0.5, signature)).toBe(false);
    expect(links.verify(FILE, Number.NaN, signature)).toBe(false);
  });
});
